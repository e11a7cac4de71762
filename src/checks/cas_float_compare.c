/* cas-float-compare: placeholder until implemented. */
#include "../check.h"

const struct cal_check cal_check_cas_float_compare = {
	.id = "cas-float-compare",
	.severity = CAL_SEV_WARNING,
	.enabled_by_default = 1,
	.summary = "TODO",
};
