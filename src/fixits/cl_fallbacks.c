/*
 * The OpenCL C fallback helpers (cl_fallbacks.h) as text.  Bodies are
 * indented with four spaces, like the CUDA ones (fallbacks.c).
 */
#include "fixits/cl_fallbacks.h"

#include <stdlib.h>
#include <string.h>

#include "cuatomlint/strbuf.h"

static const char *const space_names[] = { "global", "local", "generic" };
static const char *const space_words[] = { "__global ", "__local ", "" };

static int is_float(const struct cal_cl_fallback *fb)
{
	return fb->word == CAL_CL_F32 || fb->word == CAL_CL_F64;
}

/* The value type, and for floats the type of its bits. */
static const char *value_type(enum cal_cl_word w)
{
	static const char *const names[] = { "float", "double", "long", "ulong" };
	return names[w];
}

static const char *bits_type(enum cal_cl_word w)
{
	return w == CAL_CL_F32 ? "uint" : "ulong";
}

char *cal_cl_fallback_name(const struct cal_cl_fallback *fb)
{
	if (is_float(fb))
		return xasprintf("cuatomlint_fetch_%s_%s_%s_%s_%s", fb->op,
				 fb->word == CAL_CL_F32 ? "f32" : "f64", space_names[fb->space],
				 fb->order, fb->scope);
	return xasprintf("cuatomlint_atom_%s_%s_%s", fb->op, space_names[fb->space],
			 value_type(fb->word));
}

/* The new value from the old one (cur) and the operand (val), as an expression. */
static char *next_value(const char *op, const char *cur, const char *val)
{
	static const struct { const char *op, *format; } ops[] = {
		{ "add", "%s + %s" }, { "sub", "%s - %s" }, { "and", "%s & %s" },
		{ "or", "%s | %s" }, { "xor", "%s ^ %s" },
	};
	size_t i;

	for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
		if (!strcmp(op, ops[i].op))
			return xasprintf(ops[i].format, cur, val);
	/* min/max: fmin/fmax for floats (a NaN operand leaves the word as it was), min/max else */
	return xasprintf("%s(%s, %s)", op, cur, val);
}

static void add_float_body(struct strbuf *sb, const struct cal_cl_fallback *fb)
{
	const char *sp = space_words[fb->space], *bits = bits_type(fb->word);
	const char *as_bits = fb->word == CAL_CL_F32 ? "as_uint" : "as_ulong";
	const char *as_value = fb->word == CAL_CL_F32 ? "as_float" : "as_double";
	char *cur = xasprintf("%s(expected)", as_value), *next;
	const char *fn = !strcmp(fb->op, "min") ? "fmin" : !strcmp(fb->op, "max") ? "fmax" : fb->op;
	next = next_value(fn, cur, "operand");
	strbuf_addf(sb, "    volatile %satomic_%s *word = (volatile %satomic_%s *)object;\n",
		    sp, bits, sp, bits);
	strbuf_addf(sb, "    %s expected = atomic_load_explicit(word, memory_order_relaxed, "
		    "memory_scope_%s), desired;\n\n", bits, fb->scope);
	strbuf_addf(sb, "    do\n        desired = %s(%s);\n", as_bits, next);
	strbuf_addf(sb, "    while (!atomic_compare_exchange_weak_explicit(word, &expected, desired,\n"
		    "                                                  memory_order_%s, "
		    "memory_order_relaxed,\n"
		    "                                                  memory_scope_%s));\n",
		    fb->order, fb->scope);
	strbuf_addf(sb, "    return %s(expected);\n", as_value);
	free(cur);
	free(next);
}

static void add_int64_body(struct strbuf *sb, const struct cal_cl_fallback *fb)
{
	const char *t = value_type(fb->word);
	char *next = next_value(fb->op, "assumed", "val");

	strbuf_addf(sb, "    %s assumed, old = atom_add(p, (%s)0);\n\n", t, t);
	strbuf_adds(sb, "    do {\n        assumed = old;\n");
	strbuf_addf(sb, "        old = atom_cmpxchg(p, assumed, %s);\n", next);
	strbuf_adds(sb, "    } while (old != assumed);\n    return old;\n");
	free(next);
}

char *cal_cl_fallback_text(const struct cal_cl_fallback *fb)
{
	struct strbuf sb = STRBUF_INIT;
	char *name = cal_cl_fallback_name(fb);
	const char *t = value_type(fb->word), *sp = space_words[fb->space];

	strbuf_addf(&sb, "#ifndef CUATOMLINT_HAVE_%s\n#define CUATOMLINT_HAVE_%s\n", name, name);
	if (is_float(fb)) {
		strbuf_addf(&sb, "/* cuatomlint fallback: atomic_fetch_%s on atomic_%s without "
			    "cl_ext_float_atomics, a compare-exchange loop on its bits as "
			    "atomic_%s */\n", fb->op, t, bits_type(fb->word));
		strbuf_addf(&sb, "%s %s(volatile %satomic_%s *object, %s operand)\n{\n", t, name,
			    sp, t, t);
		add_float_body(&sb, fb);
	} else {
		strbuf_adds(&sb, "#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable\n");
		strbuf_addf(&sb, "/* cuatomlint fallback: 64-bit atom_%s without "
			    "cl_khr_int64_extended_atomics, an atom_cmpxchg loop "
			    "(cl_khr_int64_base_atomics) */\n", fb->op);
		strbuf_addf(&sb, "%s %s(volatile %s%s *p, %s val)\n{\n", t, name, sp, t, t);
		add_int64_body(&sb, fb);
	}
	strbuf_adds(&sb, "}\n#endif\n");
	free(name);
	return strbuf_detach(&sb);
}
