/*
 * The cuTile-only checks.  They visit no libclang cursor: the cuTile front
 * end (checks.c) reports them; they are here so that --checks, --list-checks,
 * configs and SARIF rules know them like any other.
 */
#include "parse/check.h"

const struct cal_check cal_check_cutile_relaxed_sync = {
	.id = "cutile-relaxed-sync",
	.severity = CAL_SEV_WARNING,
	.enabled_by_default = 1,
	.summary = "cuTile atomic or load/store with MemoryOrder.RELAXED that acquires or "
		   "releases a lock or polls a flag",
	.doc = "cutile-relaxed-sync.md",
	.languages = CAL_LANG_CUTILE,
};

const struct cal_check cal_check_cutile_unchecked_bounds = {
	.id = "cutile-unchecked-bounds",
	.severity = CAL_SEV_WARNING,
	.enabled_by_default = 1,
	.summary = "cuTile check_bounds=False on indices the kernel never clamps or masks",
	.doc = "cutile-unchecked-bounds.md",
	.languages = CAL_LANG_CUTILE,
};

const struct cal_check cal_check_cutile_plain_poll = {
	.id = "cutile-plain-poll",
	.severity = CAL_SEV_WARNING,
	.enabled_by_default = 1,
	.summary = "cuTile loop that polls another block's write with a plain ct.load/ct.gather",
	.doc = "cutile-plain-poll.md",
	.languages = CAL_LANG_CUTILE,
};

const struct cal_check cal_check_cutile_atomic_args = {
	.id = "cutile-atomic-args",
	.severity = CAL_SEV_ERROR,
	.enabled_by_default = 1,
	.summary = "cuTile atomic with arguments its documentation rejects (index count, "
		   "literal kind, MemoryOrder/MemoryScope member)",
	.doc = "cutile-atomic-args.md",
	.languages = CAL_LANG_CUTILE,
};
