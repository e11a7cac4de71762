/* scope-mismatch: placeholder until implemented. */
#include "../check.h"

const struct cal_check cal_check_scope_mismatch = {
	.id = "scope-mismatch",
	.severity = CAL_SEV_WARNING,
	.enabled_by_default = 1,
	.summary = "TODO",
};
