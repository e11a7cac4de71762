/* scope-mismatch's cuTile half, for its descriptor (cuda.c). */
#ifndef CUATOMLINT_CHECKS_SCOPE_MISMATCH_CUTILE_H
#define CUATOMLINT_CHECKS_SCOPE_MISMATCH_CUTILE_H

struct ct_call;

void cal_scope_mismatch_cutile(struct ct_call *c);

#endif
