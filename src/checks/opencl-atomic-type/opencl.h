/*
 * opencl-atomic-type's answers on clang's errors, for the OpenCL errors'
 * dispatcher (checks/opencl_errors.c) and arch-unsupported.
 */
#ifndef CUATOMLINT_CHECKS_OPENCL_ATOMIC_TYPE_H
#define CUATOMLINT_CHECKS_OPENCL_ATOMIC_TYPE_H

#include <stddef.h>

struct cal_findings;

/*
 * opencl-atomic-type reports operators on atomic objects, which clang
 * rejects, as errors in the specification's terms (and arch-unsupported
 * a 1.x call on a 64-bit word that clang calls ambiguous): drop from
 * errors (one parse's clang errors) each one inside such a finding among
 * found->items[first..].  Returns how many errors remain.
 */
size_t cal_ocl_type_supersede_errors(struct cal_findings *errors,
				     const struct cal_findings *found, size_t first);
/*
 * opencl-atomic-type: restate clang's errors for the atomic types OpenCL C
 * lacks (atomic_char, _Atomic ...; clang does not know them) in the
 * specification's terms.
 */
void cal_ocl_restate_type_errors(struct cal_findings *errors);

#endif
