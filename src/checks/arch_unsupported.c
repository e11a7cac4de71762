/* arch-unsupported: placeholder until implemented. */
#include "../check.h"

const struct cal_check cal_check_arch_unsupported = {
	.id = "arch-unsupported",
	.severity = CAL_SEV_ERROR,
	.enabled_by_default = 1,
	.summary = "TODO",
};
