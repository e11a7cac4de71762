/*
 * scope-mismatch's cuTile half: a publish or a poll with MemoryScope.BLOCK
 * whose partner in the kernel is another block.
 */
#include "checks/scope-mismatch/cutile.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse/check.h"
#include "cuatomlint/strbuf.h"
#include "cutile/lint.h"
#include "cutile/waits.h"

/* Do indices a and b name the same element (as far as their text shows)? */
static int same_index(struct ct_kernel *k, TSNode a, TSNode b)
{
	struct strbuf x = STRBUF_INIT, y = STRBUF_INIT;
	int same;

	ct_canon(k, a, &x);
	ct_canon(k, b, &y);
	same = x.len && !strcmp(x.buf, y.buf);
	strbuf_release(&x);
	strbuf_release(&y);
	return same;
}

/*
 * Do a write at index w and a wait at index p (of one array) connect two
 * blocks?  Not when both name the same element and that element is the
 * block's own: the index depends on ct.bid() and no %, //, clamp... folds
 * two blocks onto one element.
 */
static int between_blocks(struct ct_kernel *k, TSNode w, TSNode p)
{
	return !same_index(k, w, p) || !ct_depends_on_bid(k, p) || ct_folds_blocks(k, p);
}

struct partner_scan {
	TSNode array, index;
	int want_waiter;		/* 1: look for a wait, 0: for a write */
	TSNode found;
};

static void find_partner(struct ct_kernel *k, TSNode c, void *data)
{
	struct partner_scan *s = data;
	char buf[CT_NAME_LEN * 2], a[CT_NAME_LEN], b[CT_NAME_LEN];
	const char *fn = ct_resolve(k->file, ct_field(c, "function"), buf, sizeof(buf));
	TSNode ci;

	if (!fn || !ts_node_is_null(s->found))
		return;
	ct_text(k->file, ct_positional_arg(c, 0), a, sizeof(a));
	ct_text(k->file, s->array, b, sizeof(b));
	if (!*a || strcmp(a, b))
		return;
	if (s->want_waiter ? !ct_waits_array(k, c, fn) : !ct_writes_array(k->file, c, fn))
		return;
	ci = ct_index_arg(k->file, c);
	if (s->want_waiter ? between_blocks(k, s->index, ci) : between_blocks(k, ci, s->index))
		s->found = c;
}

/*
 * A publish or a poll with MemoryScope.BLOCK whose partner in the kernel is
 * another block: block i writes flag[i + 1], block i + 1 polls flag[i + 1].
 */
static int block_handoff(struct ct_lint *l, struct ct_kernel *k, TSNode call, const char *fn)
{
	struct partner_scan s;
	char idx[64], other[64], array[CT_NAME_LEN];
	struct cal_finding *f;
	int role, polls = 0;

	memset(&s, 0, sizeof(s));
	s.array = ct_positional_arg(call, 0);
	s.index = ct_index_arg(l->f, call);
	if (!ct_is(ct_unparen(s.array), "identifier") || ts_node_is_null(s.index))
		return 0;
	/* a poll looks for the write it waits on, a write for the poll that waits on it */
	for (role = 0; role < 2 && ts_node_is_null(s.found); role++) {
		polls = role == 0;
		if (polls ? !ct_waits_array(k, call, fn) : !ct_writes_array(l->f, call, fn))
			continue;
		s.want_waiter = !polls;
		ct_for_each_call(k, find_partner, &s);
	}
	if (ts_node_is_null(s.found))
		return 0;
	ct_text(l->f, s.array, array, sizeof(array));
	ct_text(l->f, s.index, idx, sizeof(idx));
	ct_text(l->f, ct_index_arg(l->f, s.found), other, sizeof(other));
	if (same_index(k, s.index, ct_index_arg(l->f, s.found)))
		f = ct_report(l, "scope-mismatch", call,
			   "%s with MemoryScope.BLOCK %s '%s' at index %s, an element that several "
			   "blocks %s (the index %s): block scope orders nothing between blocks, so "
			   "what one block wrote before may not be visible to the next; use DEVICE",
			   fn, polls ? "polls" : "publishes to", array, idx, polls ? "write" : "poll",
			   ct_depends_on_bid(k, s.index) ? "maps more than one ct.bid() onto it"
							 : "does not depend on ct.bid()");
	else
		f = ct_report(l, "scope-mismatch", call,
			   "%s with MemoryScope.BLOCK %s '%s' at index %s, which the kernel %s at "
			   "index %s (line %u) in another block: block scope orders nothing between "
			   "blocks, so the data published with the flag may not be visible; use "
			   "DEVICE", fn, polls ? "polls" : "publishes to", array, idx,
			   polls ? "writes" : "polls", other, ts_node_start_point(s.found).row + 1);
	ct_replace_member(l, cal_finding_add_fix(f, "use MemoryScope.DEVICE"), call, "memory_scope",
			  "DEVICE");
	return 1;
}

static void block_scope(struct ct_lint *l, struct ct_kernel *k, TSNode call, const char *fn)
{
	char buf[CT_NAME_LEN * 2];
	const char *m = ct_kw_member(l->f, call, "memory_scope", buf, sizeof(buf));
	TSNode name = ct_kw_member_name(l->f, call, "memory_scope");
	struct cal_finding *f;
	TSNode index = ct_positional_arg(call, 1);
	int folds, data;

	if (!m || strcmp(m, "MemoryScope.BLOCK") || !ct_is(name, "identifier"))
		return;
	/* histogram bins, hashed slots: the data, not the block, picks the element */
	data = ct_is_atomic(fn) && ct_bid_only_through_data(k, index);
	/* 'bid % n', 'bid // 2': the ids of several blocks wrap onto one element */
	folds = ct_is_atomic(fn) && !data && ct_depends_on_bid(k, index) &&
		ct_folds_blocks(k, index);
	if (!ct_is_atomic(fn) || ct_depends_on_bid(k, index)) {
		/* a hand-off through the element says more, where there is one */
		if (block_handoff(l, k, call, fn) || (!folds && !data))
			return;
	}
	f = ct_report(l, "scope-mismatch", call,
		   "%s with MemoryScope.BLOCK on indices that %s, and block scope neither makes "
		   "the update atomic nor orders it with respect to other blocks; use DEVICE", fn,
		   folds ? "map several ct.bid() values onto one element: several blocks update it"
		   : data ? "come from values read from memory, not from ct.bid(): any block may "
			    "update any element"
		   : "do not depend on ct.bid(): every block updates the same elements");
	ct_replace_member(l, cal_finding_add_fix(f, "use MemoryScope.DEVICE"), call, "memory_scope",
			  "DEVICE");
}

void cal_scope_mismatch_cutile(struct ct_call *c)
{
	if (ct_is_atomic(c->fn) || !strcmp(c->fn, "load") || !strcmp(c->fn, "store"))
		block_scope(c->l, c->k, c->call, c->fn);
}
