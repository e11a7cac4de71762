/* nv-atomic-context: placeholder until implemented. */
#include "../check.h"

const struct cal_check cal_check_nv_atomic_context = {
	.id = "nv-atomic-context",
	.severity = CAL_SEV_WARNING,
	.enabled_by_default = 1,
	.summary = "TODO",
};
