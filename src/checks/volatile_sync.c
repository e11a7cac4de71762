/* volatile-sync: placeholder until implemented. */
#include "../check.h"

const struct cal_check cal_check_volatile_sync = {
	.id = "volatile-sync",
	.severity = CAL_SEV_WARNING,
	.enabled_by_default = 1,
	.summary = "TODO",
};
