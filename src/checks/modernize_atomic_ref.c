/* modernize-atomic-ref: placeholder until implemented. */
#include "../check.h"

const struct cal_check cal_check_modernize_atomic_ref = {
	.id = "modernize-atomic-ref",
	.severity = CAL_SEV_NOTE,
	.enabled_by_default = 0,
	.summary = "TODO",
};
