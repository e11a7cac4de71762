/* ptx-atom-invalid: placeholder until implemented. */
#include "../check.h"

const struct cal_check cal_check_ptx_atom_invalid = {
	.id = "ptx-atom-invalid",
	.severity = CAL_SEV_ERROR,
	.enabled_by_default = 1,
	.summary = "TODO",
};
