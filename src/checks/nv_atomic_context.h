/*
 * nv-atomic-context's hook into the run: "auto f = __nv_atomic_load_n;"
 * makes clang say "variable 'f' with type 'auto' has incompatible
 * initializer of type '<overloaded function type>'" (the prelude declares
 * the builtins as templates), while nvcc's complaint is that the builtin is
 * used as a value, which nv-atomic-context reports.  The clang error is then
 * not the user's error.
 */
#ifndef CUATOMLINT_CHECKS_NV_ATOMIC_CONTEXT_H
#define CUATOMLINT_CHECKS_NV_ATOMIC_CONTEXT_H

#include <stddef.h>

#include "cuatomlint/finding.h"

/*
 * Drop from errors (one parse's clang errors) each such error on a line
 * where an nv-atomic-context "used as a value" finding among
 * found->items[first..] reports the builtin.  Returns how many remain.
 */
size_t cal_nv_context_supersede_errors(struct cal_findings *errors,
				       const struct cal_findings *found, size_t first);

#endif
