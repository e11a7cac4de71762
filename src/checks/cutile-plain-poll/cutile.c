/*
 * cutile-plain-poll: a loop that polls another block's write with a plain
 * ct.load/ct.gather.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse/check.h"
#include "cuatomlint/strbuf.h"
#include "cutile/lint.h"
#include "cutile/waits.h"

struct write_scan {
	char array[CT_NAME_LEN];
	int writes;
};

static void find_write(struct ct_kernel *k, TSNode call, void *data)
{
	struct write_scan *w = data;
	char buf[CT_NAME_LEN * 2], a[CT_NAME_LEN];
	const char *r = ct_resolve(k->file, ct_field(call, "function"), buf, sizeof(buf));

	if (!r || (strcmp(r, "store") && strcmp(r, "scatter")))
		return;
	if (!strcmp(ct_text(k->file, ct_positional_arg(call, 0), a, sizeof(a)), w->array))
		w->writes++;
}

static void acquire_load_fix(struct ct_lint *l, struct cal_finding *f, TSNode call);

static void plain_poll(struct ct_lint *l, struct ct_kernel *k, TSNode call, const char *fn)
{
	struct write_scan w = { { 0 }, 0 };
	struct cal_finding *f;
	char buf[CT_NAME_LEN * 2];
	const char *order = ct_kw_member(l->f, call, "memory_order", buf, sizeof(buf));
	TSNode loop;

	/* WEAK, the default of ct.load (cuda.tile 1.3+), is the plain load */
	if ((!ts_node_is_null(ct_keyword_arg(l->f, call, "memory_order")) &&
	     (!order || strcmp(order, "MemoryOrder.WEAK"))) ||
	    !ct_is(ct_unparen(ct_positional_arg(call, 0)), "identifier") ||
	    !ct_waits_on(k, call, &loop))
		return;
	ct_text(l->f, ct_positional_arg(call, 0), w.array, sizeof(w.array));
	ct_for_each_call(k, find_write, &w);
	if (w.writes)
		return;	/* the kernel writes it itself: not (only) another block's flag */
	f = ct_report(l, "cutile-plain-poll", call,
		   "a loop polls '%s' with a plain ct.%s: it has no ordering and may never see "
		   "another block's write (and the data published before it); read it with an "
		   "atomic with MemoryOrder.ACQUIRE, e.g. atomic_add(%s, index, 0, "
		   "memory_order=MemoryOrder.ACQUIRE), and publish it with RELEASE", w.array, fn,
		   w.array);
	if (!strcmp(fn, "load"))
		acquire_load_fix(l, f, call);
}

/* Does any cuda.tile load/store under n pass memory_order= (the installed API has it)? */
static int ordered_load_store_in(const struct ct_file *f, TSNode n, int depth)
{
	uint32_t i, c;

	if (ts_node_is_null(n) || depth > 200)
		return 0;
	if ((ct_is_call_of(f, n, "load") || ct_is_call_of(f, n, "store")) &&
	    !ts_node_is_null(ct_keyword_arg(f, n, "memory_order")))
		return 1;
	c = ts_node_named_child_count(n);
	for (i = 0; i < c; i++)
		if (ordered_load_store_in(f, ts_node_named_child(n, i), depth + 1))
			return 1;
	return 0;
}

/*
 * ct.load takes memory_order/memory_scope since cuda.tile 1.3.0; older
 * versions reject the keywords.  Offer the acquire load only where the file
 * already orders a load or store, so it is known to run on an API that has
 * them.
 */
static void acquire_load_fix(struct ct_lint *l, struct cal_finding *f, TSNode call)
{
	TSNode args = ct_field(call, "arguments"), weak = ct_keyword_arg(l->f, call, "memory_order");
	TSNode last;
	char *order = ct_class_ref(l->f, "MemoryOrder"), *scope = ct_class_ref(l->f, "MemoryScope");
	char *text;
	uint32_t n = ts_node_named_child_count(args);

	if (!order || !scope || !n ||
	    !ts_node_is_null(ct_keyword_arg(l->f, call, "memory_scope")) ||
	    !ordered_load_store_in(l->f, ts_tree_root_node(l->f->tree), 0)) {
		free(order);
		free(scope);
		return;
	}
	text = xasprintf("memory_order=%s.ACQUIRE, memory_scope=%s.DEVICE", order, scope);
	if (!ts_node_is_null(weak)) {
		ct_replace_node(l, cal_finding_add_fix(f, "load with MemoryOrder.ACQUIRE"), weak, text);
	} else {
		char *tail = xasprintf(", %s", text);
		last = ts_node_named_child(args, n - 1);
		while (ct_is(last, "comment") && n > 1)
			last = ts_node_named_child(args, --n - 1);
		ct_add_edit(l, cal_finding_add_fix(f, "load with MemoryOrder.ACQUIRE"),
			 ts_node_end_byte(last), ts_node_end_byte(last), ts_node_end_point(last),
			 ts_node_end_point(last), tail);
		free(tail);
	}
	free(text);
	free(order);
	free(scope);
}

static void plain_poll_call(struct ct_call *c)
{
	if (!strcmp(c->fn, "load") || !strcmp(c->fn, "gather"))
		plain_poll(c->l, c->k, c->call, c->fn);
}

const struct cal_check cal_check_cutile_plain_poll = {
	.id = "cutile-plain-poll",
	.severity = CAL_SEV_WARNING,
	.enabled_by_default = 1,
	.summary = "cuTile loop that polls another block's write with a plain ct.load/ct.gather",
	.doc = "cutile-plain-poll.md",
	.languages = CAL_LANG_CUTILE,
	.cutile_call = plain_poll_call,
};
