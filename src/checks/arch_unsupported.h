/*
 * arch-unsupported's hook into the run: where a target's CUDA headers drop
 * an overload (atomicAdd(__half*) below sm_70), clang reports "no matching
 * function for call to 'atomicAdd'" and arch-unsupported reports the same
 * call with the reason.  The clang error is then redundant.
 */
#ifndef CUATOMLINT_CHECKS_ARCH_UNSUPPORTED_H
#define CUATOMLINT_CHECKS_ARCH_UNSUPPORTED_H

#include <stddef.h>

#include "cuatomlint/finding.h"

/*
 * Drop from errors (one parse's clang errors) each "no matching function
 * for call to 'atomic...'" error at the start of a call that an
 * arch-unsupported error among found->items[first..] reports.  Returns
 * how many errors remain.
 */
size_t cal_arch_supersede_errors(struct cal_findings *errors,
				 const struct cal_findings *found, size_t first);

#endif
