/* nv-atomic-args: placeholder until implemented. */
#include "../check.h"

const struct cal_check cal_check_nv_atomic_args = {
	.id = "nv-atomic-args",
	.severity = CAL_SEV_WARNING,
	.enabled_by_default = 1,
	.summary = "TODO",
};
