/* cas-float-compare's cuTile half, for its descriptor (cuda.c). */
#ifndef CUATOMLINT_CHECKS_CAS_FLOAT_COMPARE_CUTILE_H
#define CUATOMLINT_CHECKS_CAS_FLOAT_COMPARE_CUTILE_H

struct ct_call;

void cal_cas_float_compare_cutile(struct ct_call *c);

#endif
