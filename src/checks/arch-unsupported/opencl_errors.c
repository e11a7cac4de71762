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
 */
#include <stdlib.h>
#include <string.h>

#include "parse/check.h"
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
	size_t i;

	restate_gated_names(errors, p, check_id);
	if (cal_ocl_std() < 300 || (cal_ocl_profile_has(p, "__opencl_c_atomic_order_seq_cst") &&
				    cal_ocl_profile_has(p, "__opencl_c_atomic_scope_device")))
		return;
	for (i = 0; i < errors->nr; i++) {
		struct cal_finding *f = &errors->items[i];
		const char *fn = undeclared_implicit(f->message);
		char *msg;

		if (!fn)
			continue;
		msg = xasprintf("'%s' (seq_cst order, device scope) needs %s, which device profile "
				"'%s' lacks; write %s_explicit with the order and scope the code "
				"needs, if not seq_cst at device scope", fn, lacking(p), p->name, fn);
		free(f->message);
		f->message = msg;
		f->check = check_id;
	}
}
