/*
 * cutile-unchecked-bounds: check_bounds=False on indices the kernel never
 * clamps or masks.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse/check.h"
#include "cuatomlint/strbuf.h"
#include "cutile/lint.h"
#include "cutile/waits.h"

static void drop_kwarg(struct ct_lint *l, struct cal_finding *f, TSNode kw)
{
	TSNode prev = ts_node_prev_named_sibling(kw);
	if (ts_node_is_null(prev))
		return;
	ct_add_edit(l, cal_finding_add_fix(f, "drop check_bounds=False (check bounds)"),
		 ts_node_end_byte(prev), ts_node_end_byte(kw), ts_node_end_point(prev),
		 ts_node_end_point(kw), "");
}

static void unchecked_bounds(struct ct_lint *l, struct ct_kernel *k, TSNode call, const char *fn)
{
	TSNode kw = ct_keyword_arg(l->f, call, "check_bounds");
	struct cal_finding *f;
	int tiles = !strcmp(fn, "load") || !strcmp(fn, "store");

	if (ts_node_is_null(kw) || !ct_is(ct_field(kw, "value"), "false") ||
	    !ts_node_is_null(ct_keyword_arg(l->f, call, "mask")) ||
	    ct_is_guarded(k, ct_index_arg(l->f, call)))
		return;
	/*
	 * ct.load/ct.store (check_bounds since after cuda.tile 1.5.0) take a tile
	 * index: check_bounds=False promises whole tiles inside the array, which a
	 * launch grid sized to the array keeps and the file cannot show.  Judge
	 * them only where the index comes from data the kernel read.
	 */
	if (tiles && !ct_reads_memory(k, ct_index_arg(l->f, call)))
		return;
	f = ct_report(l, "cutile-unchecked-bounds", kw,
		   "%s with check_bounds=False, but nothing in the kernel clamps or masks its "
		   "indices against the array's shape: an index out of range is undefined "
		   "behaviour", fn);
	drop_kwarg(l, f, kw);
}

static void unchecked_bounds_call(struct ct_call *c)
{
	if (ct_is_atomic(c->fn) || !strcmp(c->fn, "gather") || !strcmp(c->fn, "scatter") ||
	    !strcmp(c->fn, "load") || !strcmp(c->fn, "store"))
		unchecked_bounds(c->l, c->k, c->call, c->fn);
}

const struct cal_check cal_check_cutile_unchecked_bounds = {
	.id = "cutile-unchecked-bounds",
	.severity = CAL_SEV_WARNING,
	.enabled_by_default = 1,
	.summary = "cuTile check_bounds=False on indices the kernel never clamps or masks",
	.doc = "cutile-unchecked-bounds.md",
	.languages = CAL_LANG_CUTILE,
	.cutile_call = unchecked_bounds_call,
};
