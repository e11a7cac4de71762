/*
 * arch-unsupported for OpenCL C: an atomic function the device profile
 * does not have.
 *
 * Each parse declares only what its profile has, so such a call is a
 * clang error on that profile's parse.  The clearest case is restated in
 * the shared check's terms (one SARIF rule, "the target lacks it"): the
 * non-explicit functions (atomic_fetch_add, atomic_load, ...) mean seq_cst
 * order at device scope, and OpenCL C 3.0 declares them only with
 * __opencl_c_atomic_order_seq_cst and __opencl_c_atomic_scope_device, so
 * clang says "use of undeclared identifier 'atomic_fetch_add'".  There is
 * no fix: the explicit form with a weaker order or scope changes the
 * meaning where seq_cst was needed, and only the author knows.
 *
 * The explicit functions without a scope argument
 * (atomic_fetch_add_explicit(p, v, order), atomic_load_explicit(p, order))
 * mean memory_scope_device, and 3.0 declares them only with
 * __opencl_c_atomic_scope_device: clang says "no matching function".  The
 * call's argument count, read from its text, tells that form from a wrong
 * call; the finding's note names the four-argument form at work-group
 * scope, which is right only where one work-group alone uses the object
 * (so no fix).
 *
 * Both are said before the walk (cal_ocl_claim_errors): such a call is one
 * expression clang recovers from, so the parse is not partial for it and
 * the file's other findings keep their fixes.
 */
#include <stdlib.h>
#include <string.h>

#include "parse/check.h"
#include "parse/ast.h"
#include "cuatomlint/strbuf.h"
#include "opencl/opencl.h"
#include "checks/arch-unsupported/opencl.h"

static const char *const implicit_functions[] = {
	"atomic_load", "atomic_store", "atomic_exchange", "atomic_compare_exchange_strong",
	"atomic_compare_exchange_weak", "atomic_fetch_add", "atomic_fetch_sub",
	"atomic_fetch_or", "atomic_fetch_xor", "atomic_fetch_and", "atomic_fetch_min",
	"atomic_fetch_max", "atomic_flag_test_and_set", "atomic_flag_clear", NULL
};

/* The function an "undeclared identifier" error names, if it is one of the above. */
static const char *undeclared_implicit(const char *message)
{
	static const char prefix[] = "use of undeclared identifier '";
	size_t n;
	int i;

	if (strncmp(message, prefix, sizeof(prefix) - 1))
		return NULL;
	message += sizeof(prefix) - 1;
	for (i = 0; implicit_functions[i]; i++) {
		n = strlen(implicit_functions[i]);
		if (!strncmp(message, implicit_functions[i], n) && !strcmp(message + n, "'"))
			return implicit_functions[i];
	}
	return NULL;
}

static const char *lacking(const struct cal_ocl_profile *p)
{
	int seq = cal_ocl_profile_has(p, "__opencl_c_atomic_order_seq_cst");
	int dev = cal_ocl_profile_has(p, "__opencl_c_atomic_scope_device");
	return !seq && !dev ? "__opencl_c_atomic_order_seq_cst and __opencl_c_atomic_scope_device"
	       : !seq ? "__opencl_c_atomic_order_seq_cst" : "__opencl_c_atomic_scope_device";
}

/*
 * Names clang's header declares only with the profile's features: an
 * "undeclared identifier" or "unknown type name" error for one of them,
 * on a profile without the features, is the profile's lack.
 */
static const struct {
	const char *name, *features;
	int all_stds;		/* also before 3.0 (extensions, not 3.0 features) */
} gated_names[] = {
	{ "atomic_long", "cl_khr_int64_base_atomics and cl_khr_int64_extended_atomics", 1 },
	{ "atomic_ulong", "cl_khr_int64_base_atomics and cl_khr_int64_extended_atomics", 1 },
	{ "memory_order_seq_cst", "__opencl_c_atomic_order_seq_cst", 0 },
	{ "memory_scope_all_svm_devices", "__opencl_c_atomic_scope_all_devices", 0 },
	{ "memory_scope_all_devices", "__opencl_c_atomic_scope_all_devices", 0 },
};

static int profile_has_all(const struct cal_ocl_profile *p, const char *features)
{
	const char *and = strstr(features, " and ");
	char first[64];
	size_t n = and ? (size_t)(and - features) : strlen(features);

	if (n >= sizeof(first))
		return 1;
	memcpy(first, features, n);
	first[n] = '\0';
	return cal_ocl_profile_has(p, first) && (!and || profile_has_all(p, and + 5));
}

/* The gated name an error names, on a profile that lacks its features, or -1. */
static int gated_name_in(const char *message, const struct cal_ocl_profile *p)
{
	static const char *const prefixes[] = {
		"use of undeclared identifier '", "unknown type name '", NULL
	};
	size_t i, n;
	int j;

	for (j = 0; prefixes[j]; j++) {
		if (strncmp(message, prefixes[j], strlen(prefixes[j])))
			continue;
		message += strlen(prefixes[j]);
		for (i = 0; i < sizeof(gated_names) / sizeof(gated_names[0]); i++) {
			n = strlen(gated_names[i].name);
			if (!strncmp(message, gated_names[i].name, n) && !strcmp(message + n, "'") &&
			    (gated_names[i].all_stds || cal_ocl_std() >= 300) &&
			    !profile_has_all(p, gated_names[i].features))
				return (int)i;
		}
	}
	return -1;
}

static void restate_gated_names(struct cal_findings *errors, const struct cal_ocl_profile *p,
				const char *check_id)
{
	size_t i;

	for (i = 0; i < errors->nr; i++) {
		struct cal_finding *f = &errors->items[i];
		int g = gated_name_in(f->message, p);

		if (g < 0)
			continue;
		free(f->message);
		f->message = xasprintf("'%s' needs %s, which device profile '%s' lacks",
				       gated_names[g].name, gated_names[g].features, p->name);
		f->check = check_id;
	}
}

void cal_ocl_restate_errors(struct cal_findings *errors, const struct cal_ocl_profile *p,
			    const char *check_id)
{
	restate_gated_names(errors, p, check_id);
}

/* Restate an undeclared non-explicit function (seq_cst, device scope); 1 if it was one. */
static int restate_implicit(struct cal_finding *f, const struct cal_ocl_profile *p)
{
	const char *fn = undeclared_implicit(f->message);
	char *msg;

	if (!fn || (cal_ocl_profile_has(p, "__opencl_c_atomic_order_seq_cst") &&
		    cal_ocl_profile_has(p, "__opencl_c_atomic_scope_device")))
		return 0;
	msg = xasprintf("'%s' (seq_cst order, device scope) needs %s, which device profile "
			"'%s' lacks; write %s_explicit with the order and scope the code "
			"needs, if not seq_cst at device scope", fn, lacking(p), p->name, fn);
	free(f->message);
	f->message = msg;
	return 1;
}

/* The explicit functions and their argument count without the scope argument. */
static const struct {
	const char *name;
	int nr_args;
} scopeless[] = {
	{ "atomic_store_explicit", 3 }, { "atomic_load_explicit", 2 },
	{ "atomic_exchange_explicit", 3 }, { "atomic_compare_exchange_strong_explicit", 5 },
	{ "atomic_compare_exchange_weak_explicit", 5 }, { "atomic_fetch_add_explicit", 3 },
	{ "atomic_fetch_sub_explicit", 3 }, { "atomic_fetch_or_explicit", 3 },
	{ "atomic_fetch_xor_explicit", 3 }, { "atomic_fetch_and_explicit", 3 },
	{ "atomic_fetch_min_explicit", 3 }, { "atomic_fetch_max_explicit", 3 },
	{ "atomic_flag_test_and_set_explicit", 2 }, { "atomic_flag_clear_explicit", 2 },
};

/* The scopeless[] row of a "no matching function" error's function, or -1. */
static int unmatched_explicit(const char *message)
{
	static const char prefix[] = "no matching function for call to '";
	size_t i, n;

	if (strncmp(message, prefix, sizeof(prefix) - 1))
		return -1;
	message += sizeof(prefix) - 1;
	for (i = 0; i < sizeof(scopeless) / sizeof(scopeless[0]); i++) {
		n = strlen(scopeless[i].name);
		if (!strncmp(message, scopeless[i].name, n) && !strcmp(message + n, "'"))
			return (int)i;
	}
	return -1;
}

/*
 * How many arguments the call written at text (its function's name, n
 * bytes) passes, counting the commas outside nested brackets and literals;
 * -1 where the text is not such a call (a macro wrote it).
 */
static int written_args(const char *text, size_t size, const char *name)
{
	size_t i = strlen(name);
	int depth = 0, nr = 1, empty = 1;

	if (size < i || strncmp(text, name, i))
		return -1;
	while (i < size && strchr(" \t\r\n", text[i]))
		i++;
	if (i == size || text[i++] != '(')
		return -1;
	for (; i < size; i++) {
		char c = text[i];
		if (c == '"' || c == '\'') {	/* skip the literal */
			for (i++; i < size && text[i] != c; i++)
				if (text[i] == '\\')
					i++;
		} else if (c == '(' || c == '[' || c == '{') {
			depth++;
		} else if ((c == ')' || c == ']' || c == '}') && depth) {
			depth--;
		} else if (c == ')') {
			return empty ? 0 : nr;
		} else if (c == ',' && !depth) {
			nr++;
		}
		if (!strchr(" \t\r\n", c))
			empty = 0;
	}
	return -1;
}

/* Is the error at a call of scopeless[row] written with no scope argument? */
static int scopeless_call_at(CXTranslationUnit tu, const struct cal_finding *e, int row)
{
	CXFile file = e->range.begin.file ? clang_getFile(tu, e->range.begin.file) : NULL;
	const char *text;
	size_t size;

	if (!file || !(text = cal_file_contents(tu, file, &size)) ||
	    e->range.begin.offset >= size)
		return 0;
	return written_args(text + e->range.begin.offset, size - e->range.begin.offset,
			    scopeless[row].name) == scopeless[row].nr_args;
}

/* Restate a scopeless explicit call the profile lacks; 1 if it was one. */
static int restate_scopeless(CXTranslationUnit tu, struct cal_finding *f,
			     const struct cal_ocl_profile *p)
{
	int row = unmatched_explicit(f->message);
	char *msg;

	if (row < 0 || cal_ocl_profile_has(p, "__opencl_c_atomic_scope_device") ||
	    !scopeless_call_at(tu, f, row))
		return 0;
	msg = xasprintf("'%s' without a scope argument (memory_scope_device) needs "
			"__opencl_c_atomic_scope_device, which device profile '%s' lacks",
			scopeless[row].name, p->name);
	free(f->message);
	f->message = msg;
	cal_finding_add_note(f, &f->range, "if only the work-items of one work-group use this "
			     "object, add the scope argument memory_scope_work_group; across "
			     "work-groups the profile has no scope that orders it (no automatic "
			     "fix: only the author knows which)");
	return 1;
}

size_t cal_ocl_claim_errors(struct cal_findings *errors, const struct cal_ocl_profile *p,
			    CXTranslationUnit tu, const char *check_id)
{
	size_t i, n = 0;

	if (cal_ocl_std() < 300)
		return 0;
	for (i = 0; i < errors->nr; i++) {
		struct cal_finding *f = &errors->items[i];

		if (strcmp(f->check, "clang-diagnostic-error") ||
		    !(restate_implicit(f, p) || restate_scopeless(tu, f, p)))
			continue;
		f->check = check_id;
		n++;
	}
	return n;
}
