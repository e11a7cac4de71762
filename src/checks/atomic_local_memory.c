/* atomic-local-memory: placeholder until implemented. */
#include "../check.h"

const struct cal_check cal_check_atomic_local_memory = {
	.id = "atomic-local-memory",
	.severity = CAL_SEV_WARNING,
	.enabled_by_default = 1,
	.summary = "TODO",
};
