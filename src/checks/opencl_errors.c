/*
 * After each OpenCL parse, the enabled checks restate clang's errors in
 * their own terms (checks/opencl_errors.h).
 */
#include "checks/opencl_errors.h"

#include <string.h>

#include "parse/check.h"
#include "checks/arch-unsupported/opencl.h"
#include "checks/opencl-atomic-type/opencl.h"

static int enabled_check(const int *enabled, const char *id)
{
	int i;

	for (i = 0; i < cal_nr_checks; i++)
		if (!strcmp(cal_checks[i]->id, id))
			return enabled[i];
	return 0;
}

void cal_ocl_restate_clang_errors(struct cal_findings *errors, const struct cal_ocl_profile *p,
				  const int *enabled)
{
	if (enabled_check(enabled, "arch-unsupported"))
		cal_ocl_restate_errors(errors, p, "arch-unsupported");
	if (enabled_check(enabled, "opencl-atomic-type"))
		cal_ocl_restate_type_errors(errors);
}
