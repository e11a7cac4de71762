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

void cal_ocl_restate_errors(struct cal_findings *errors, const struct cal_ocl_profile *p,
			    const char *check_id)
{
	size_t i;

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
