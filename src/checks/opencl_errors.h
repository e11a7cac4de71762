/*
 * The OpenCL checks' restatements of clang's errors, which the run asks
 * for after each OpenCL parse (driver/run.c).
 */
#ifndef CUATOMLINT_CHECKS_OPENCL_ERRORS_H
#define CUATOMLINT_CHECKS_OPENCL_ERRORS_H

struct cal_findings;
struct cal_ocl_profile;

/*
 * An OpenCL parse's clang errors restated by the front end's checks that
 * are enabled (enabled: one flag a registered check): arch-unsupported for
 * what the device profile lacks, opencl-atomic-type for the types OpenCL C
 * does not have.
 */
void cal_ocl_restate_clang_errors(struct cal_findings *errors, const struct cal_ocl_profile *p,
				  const int *enabled);

#endif
