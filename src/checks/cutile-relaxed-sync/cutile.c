/*
 * cutile-relaxed-sync: cuda.tile atomics, loads and stores with
 * MemoryOrder.RELAXED that acquire or release a lock or poll a flag.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse/check.h"
#include "cuatomlint/strbuf.h"
#include "cutile/lint.h"
#include "cutile/waits.h"

struct acquire_scan {
	struct ct_lint *l;
	TSNode array;
	uint32_t before;
	int found;
};

/* A cas/xchg in a loop that waits on it, on the same array, before the release. */
static void find_acquire(struct ct_kernel *k, TSNode call, void *data)
{
	struct acquire_scan *s = data;
	char buf[CT_NAME_LEN * 2], a[CT_NAME_LEN], b[CT_NAME_LEN];
	const char *fn = ct_atomic_name(k->file, call, buf, sizeof(buf));
	TSNode loop;

	if (!fn || s->found || ts_node_start_byte(call) >= s->before ||
	    (strcmp(fn, "atomic_cas") && strcmp(fn, "atomic_xchg")))
		return;
	ct_text(k->file, ct_positional_arg(call, 0), a, sizeof(a));
	ct_text(k->file, s->array, b, sizeof(b));
	if (*a && !strcmp(a, b) && ct_waits_on(k, call, &loop))
		s->found = 1;
}

static void fix_order(struct ct_lint *l, struct cal_finding *f, TSNode call, const char *order)
{
	struct cal_fix *fix;
	char desc[64];

	snprintf(desc, sizeof(desc), "use MemoryOrder.%s", order);
	fix = cal_finding_add_fix(f, desc);
	ct_replace_member(l, fix, call, "memory_order", order);
}

struct arrival_scan {
	TSNode call;
	char array[CT_NAME_LEN];
	TSNode poll;		/* the first poll of the array after the call */
	int wrote_before;	/* a write to another array before the call */
};

static void find_arrival_partners(struct ct_kernel *k, TSNode c, void *data)
{
	struct arrival_scan *s = data;
	char buf[CT_NAME_LEN * 2], a[CT_NAME_LEN];
	const char *fn = ct_resolve(k->file, ct_field(c, "function"), buf, sizeof(buf));
	int same;

	if (!fn)
		return;
	same = !strcmp(ct_text(k->file, ct_positional_arg(c, 0), a, sizeof(a)), s->array);
	if (ts_node_start_byte(c) < ts_node_start_byte(s->call)) {
		if (!same && ct_writes_array(k->file, c, fn))
			s->wrote_before = 1;
	} else if (same && ts_node_is_null(s->poll) && ts_node_start_byte(c) >
		   ts_node_start_byte(s->call) && ct_waits_array(k, c, fn)) {
		s->poll = c;
	}
}

/*
 * A barrier's arrival: a RELAXED RMW that writes (an add of 1, not a read),
 * after the block wrote other data, on an array the kernel then polls.  It
 * publishes those writes: RELEASE; ACQ_REL when its own result is what the
 * wait tests (the last block to arrive does not poll).
 */
static int relaxed_arrival(struct ct_lint *l, struct ct_kernel *k, TSNode call, const char *fn)
{
	struct arrival_scan s;
	char var[CT_NAME_LEN];
	struct cal_finding *f;
	TSNode loop;
	int both;

	if (!ct_is_atomic(fn) || !strcmp(fn, "atomic_cas") || ct_is_read_rmw(l->f, call, fn) ||
	    !ts_node_is_null(ct_enclosing_loop(k, call)))
		return 0;
	memset(&s, 0, sizeof(s));
	s.call = call;
	if (!ct_is(ct_unparen(ct_positional_arg(call, 0)), "identifier"))
		return 0;
	ct_text(l->f, ct_positional_arg(call, 0), s.array, sizeof(s.array));
	ct_for_each_call(k, find_arrival_partners, &s);
	if (!s.wrote_before || ts_node_is_null(s.poll))
		return 0;
	loop = ct_enclosing_loop(k, s.poll);
	both = ct_result_var(l->f, call, var, sizeof(var)) && !ts_node_is_null(loop) &&
	       ct_loop_tests(l->f, loop, var);
	f = ct_report(l, "cutile-relaxed-sync", call,
		   "%s with MemoryOrder.RELAXED writes '%s' after this block's other writes, and "
		   "the kernel then polls '%s' (line %u): RELAXED publishes nothing, so those "
		   "writes may not be visible to the blocks that see this one%s; use %s", fn,
		   s.array,
		   s.array, ts_node_start_point(s.poll).row + 1,
		   both ? ", and its result ends the wait without acquiring theirs" : "",
		   both ? "ACQ_REL" : "RELEASE");
	fix_order(l, f, call, both ? "ACQ_REL" : "RELEASE");
	return 1;
}

static void relaxed_sync(struct ct_lint *l, struct ct_kernel *k, TSNode call, const char *fn)
{
	char buf[CT_NAME_LEN * 2];
	const char *m = ct_kw_member(l->f, call, "memory_order", buf, sizeof(buf));
	struct acquire_scan s = { l, ct_positional_arg(call, 0), ts_node_start_byte(call), 0 };
	struct cal_finding *f;
	TSNode loop;

	if (!m || strcmp(m, "MemoryOrder.RELAXED") || !ct_is(ct_kw_member_name(l->f, call,
									   "memory_order"),
							    "identifier"))
		return;
	if (ct_is_read_rmw(l->f, call, fn) && ct_waits_on(k, call, &loop)) {
		f = ct_report(l, "cutile-relaxed-sync", call,
			   "%s with MemoryOrder.RELAXED in a loop that waits on its result: RELAXED "
			   "cannot synchronize between threads, so what the writer published "
			   "before may not be visible after the loop; use ACQUIRE", fn);
		fix_order(l, f, call, "ACQUIRE");
		return;
	}
	if (relaxed_arrival(l, k, call, fn))
		return;
	if (strcmp(fn, "atomic_xchg") && strcmp(fn, "atomic_cas") && strcmp(fn, "store") &&
	    strcmp(fn, "atomic_add") && strcmp(fn, "atomic_and"))
		return;
	ct_for_each_call(k, find_acquire, &s);
	if (!s.found)
		return;
	f = ct_report(l, "cutile-relaxed-sync", call,
		   "%s with MemoryOrder.RELAXED releases a lock this kernel acquires in a loop: "
		   "the critical section's writes may become visible after the lock is free; "
		   "use RELEASE", fn);
	fix_order(l, f, call, "RELEASE");
}

static void relaxed_sync_call(struct ct_call *c)
{
	if (ct_is_atomic(c->fn) || !strcmp(c->fn, "load") || !strcmp(c->fn, "store"))
		relaxed_sync(c->l, c->k, c->call, c->fn);
}

const struct cal_check cal_check_cutile_relaxed_sync = {
	.id = "cutile-relaxed-sync",
	.severity = CAL_SEV_WARNING,
	.enabled_by_default = 1,
	.summary = "cuTile atomic or load/store with MemoryOrder.RELAXED that acquires or "
		   "releases a lock or polls a flag",
	.doc = "cutile-relaxed-sync.md",
	.languages = CAL_LANG_CUTILE,
	.cutile_call = relaxed_sync_call,
};
