/*
 * cas-float-compare's cuTile half: a CAS loop on a float array that decides
 * whether to retry by comparing floating-point values.
 */
#include "checks/cas-float-compare/cutile.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse/check.h"
#include "cuatomlint/strbuf.h"
#include "cutile/lint.h"
#include "cutile/waits.h"

static const struct { const char *dtype, *bits; } float_bits[] = {
	{ "float16", "int16" }, { "bfloat16", "int16" }, { "float32", "int32" },
	{ "float64", "int64" }, { NULL, NULL },
};


static const char *bits_of(const char *dtype)
{
	int i;
	for (i = 0; float_bits[i].dtype; i++)
		if (!strcmp(float_bits[i].dtype, dtype))
			return float_bits[i].bits;
	return NULL;
}

struct cmp_scan {
	struct ct_lint *l;
	const char *old, *expected, *bits, *fn;
	TSNode call;
};

static int is_ident(const struct ct_file *f, TSNode n, const char *a, const char *b)
{
	n = ct_unparen(n);
	return ct_is(n, "identifier") && (ct_text_is(f, n, a) || ct_text_is(f, n, b));
}

static void float_compare_fix(struct cmp_scan *s, struct cal_finding *f, TSNode lhs, TSNode rhs)
{
	const char *mod = ct_module_name(s->l->f);
	char t[CT_NAME_LEN], *r1, *r2;
	struct cal_fix *fix;

	if (!mod)
		return;
	r1 = xasprintf("%s.bitcast(%s, %s.%s)", mod, ct_text(s->l->f, lhs, t, sizeof(t)), mod,
		       s->bits);
	r2 = xasprintf("%s.bitcast(%s, %s.%s)", mod, ct_text(s->l->f, rhs, t, sizeof(t)), mod,
		       s->bits);
	fix = cal_finding_add_fix(f, "compare the bit patterns");
	ct_replace_node(s->l, fix, lhs, r1);
	ct_replace_node(s->l, fix, rhs, r2);
	free(r1);
	free(r2);
}

static void scan_compares(struct cmp_scan *s, TSNode n, int depth)
{
	const struct ct_file *f = s->l->f;
	uint32_t i, c;

	if (ts_node_is_null(n) || depth > 200 || ct_is(n, "function_definition"))
		return;
	if (ct_is(n, "comparison_operator") && ts_node_child_count(n) == 3 &&
	    (ct_text_is(f, ts_node_child(n, 1), "==") || ct_text_is(f, ts_node_child(n, 1), "!="))) {
		TSNode lhs = ts_node_named_child(n, 0), rhs = ts_node_named_child(n, 1);
		char lt[CT_NAME_LEN], rt[CT_NAME_LEN];
		if (is_ident(f, lhs, s->old, s->expected) && is_ident(f, rhs, s->old, s->expected) &&
		    strcmp(ct_text(f, ct_unparen(lhs), lt, sizeof(lt)),
			   ct_text(f, ct_unparen(rhs), rt, sizeof(rt)))) {
			struct cal_finding *fd = ct_report(
				s->l, "cas-float-compare", n,
				"the %s retry loop compares float values ('%s %s %s'): NaN never "
				"equals itself, so the loop spins forever on NaN, and -0.0 equals "
				"+0.0 while the hardware compares bits; compare the bit patterns",
				s->fn, lt, ct_text_is(f, ts_node_child(n, 1), "==") ? "==" : "!=", rt);
			float_compare_fix(s, fd, lhs, rhs);
		}
	}
	c = ts_node_named_child_count(n);
	for (i = 0; i < c; i++)
		scan_compares(s, ts_node_named_child(n, i), depth + 1);
}

static void float_cas(struct ct_lint *l, struct ct_kernel *k, TSNode call, const char *fn)
{
	const struct ct_array_fact *a = ct_fact(k, ct_positional_arg(call, 0));
	TSNode expected = ct_unparen(ct_positional_arg(call, 2)), loop;
	char old[CT_NAME_LEN], exp[CT_NAME_LEN];
	struct cmp_scan s;

	if (strcmp(fn, "atomic_cas") || !a || !bits_of(a->dtype) ||
	    !ct_is(expected, "identifier") || !ct_result_var(l->f, call, old, sizeof(old)))
		return;
	ct_text(l->f, expected, exp, sizeof(exp));
	loop = ct_enclosing_loop(k, call);
	if (ts_node_is_null(loop) || !ct_loop_tests(l->f, loop, old))
		return;
	s.l = l;
	s.old = old;
	s.expected = exp;
	s.bits = bits_of(a->dtype);
	s.fn = fn;
	s.call = call;
	if (ct_is(loop, "while_statement"))
		scan_compares(&s, ct_field(loop, "condition"), 0);
	scan_compares(&s, ct_field(loop, "body"), 0);
}

void cal_cas_float_compare_cutile(struct ct_call *c)
{
	if (ct_is_atomic(c->fn))
		float_cas(c->l, c->k, c->call, c->fn);
}
