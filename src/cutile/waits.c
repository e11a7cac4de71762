/* Which loops of a cuTile kernel wait on which calls (waits.h). */
#include "cutile/waits.h"

#include <string.h>

#include "cutile/lint.h"

/* The call's index argument: "index=" of load/store, else the second positional. */
TSNode ct_index_arg(const struct ct_file *f, TSNode call)
{
	TSNode kw = ct_keyword_arg(f, call, "index");
	return ts_node_is_null(kw) ? ct_positional_arg(call, 1) : ct_field(kw, "value");
}

/* Is identifier name assigned (or a for target) anywhere inside n? */
static int assigned_in(const struct ct_file *f, TSNode n, const char *name, int depth)
{
	uint32_t i, c;

	if (ts_node_is_null(n) || depth > 200)
		return 0;
	if ((ct_is(n, "assignment") || ct_is(n, "augmented_assignment")) &&
	    ct_mentions(f, ct_field(n, "left"), name))
		return 1;
	if (ct_is(n, "for_statement") && ct_mentions(f, ct_field(n, "left"), name))
		return 1;
	c = ts_node_named_child_count(n);
	for (i = 0; i < c; i++)
		if (assigned_in(f, ts_node_named_child(n, i), name, depth + 1))
			return 1;
	return 0;
}

/* Does any identifier of e change inside the loop (a scan, not a poll of one place)? */
static int changes_in(const struct ct_file *f, TSNode e, TSNode loop, int depth)
{
	char name[CT_NAME_LEN];
	uint32_t i, c;

	if (ts_node_is_null(e) || depth > 200)
		return 0;
	if (ct_is(e, "identifier"))
		return assigned_in(f, loop, ct_text(f, e, name, sizeof(name)), 0);
	if (ct_is(e, "attribute"))
		return changes_in(f, ct_field(e, "object"), loop, depth + 1);
	c = ts_node_named_child_count(e);
	for (i = 0; i < c; i++)
		if (changes_in(f, ts_node_named_child(e, i), loop, depth + 1))
			return 1;
	return 0;
}

struct same_call {
	const struct ct_file *f;
	char fn[CT_NAME_LEN], array[CT_NAME_LEN];
	int found;
};

static void find_same_call(struct same_call *s, TSNode n, int depth)
{
	char a[CT_NAME_LEN], b[CT_NAME_LEN];
	uint32_t i, c;

	if (ts_node_is_null(n) || depth > 200 || s->found)
		return;
	if (ct_is(n, "call") &&
	    !strcmp(ct_text(s->f, ct_field(n, "function"), a, sizeof(a)), s->fn) &&
	    !strcmp(ct_text(s->f, ct_positional_arg(n, 0), b, sizeof(b)), s->array))
		s->found = 1;
	c = ts_node_named_child_count(n);
	for (i = 0; i < c; i++)
		find_same_call(s, ts_node_named_child(n, i), depth + 1);
}

/* Does the loop do the same call on the same array again (a retry, a re-read)? */
static int loop_repeats(const struct ct_file *f, TSNode loop, TSNode call)
{
	struct same_call s;

	memset(&s, 0, sizeof(s));
	s.f = f;
	ct_text(f, ct_field(call, "function"), s.fn, sizeof(s.fn));
	ct_text(f, ct_positional_arg(call, 0), s.array, sizeof(s.array));
	if (!*s.fn || !*s.array)
		return 0;
	find_same_call(&s, loop, 0);
	return s.found;
}

/*
 * "old = xchg(lock, 0, 1)" right before "while old != 0:" whose body tries
 * again: the first try of that loop (if it succeeds, the loop never runs).
 */
static int first_try(struct ct_kernel *k, TSNode call, TSNode *loop_out)
{
	char var[CT_NAME_LEN];
	TSNode st = ts_node_parent(ts_node_parent(call)), next;

	if (!ct_result_var(k->file, call, var, sizeof(var)) || !ct_is(st, "expression_statement"))
		return 0;
	next = ts_node_next_named_sibling(st);
	while (ct_is(next, "comment"))
		next = ts_node_next_named_sibling(next);
	*loop_out = next;
	return ct_is(next, "while_statement") &&
	       ct_mentions(k->file, ct_field(next, "condition"), var) &&
	       loop_repeats(k->file, ct_field(next, "body"), call);
}

struct cas_scan {
	const struct ct_file *f;
	TSNode loop;
	char array[CT_NAME_LEN];
	int moves;
};

static void find_moving_cas(struct cas_scan *s, TSNode n, int depth)
{
	char a[CT_NAME_LEN];
	uint32_t i, c;

	if (ts_node_is_null(n) || depth > 200 || s->moves)
		return;
	if (ct_is_call_of(s->f, n, "atomic_cas") &&
	    !strcmp(ct_text(s->f, ct_positional_arg(n, 0), a, sizeof(a)), s->array) &&
	    changes_in(s->f, ct_positional_arg(n, 2), s->loop, 0))
		s->moves = 1;
	c = ts_node_named_child_count(n);
	for (i = 0; i < c; i++)
		find_moving_cas(s, ts_node_named_child(n, i), depth + 1);
}

/*
 * Is the loop a CAS update loop: a CAS of the array in it (this one, or the
 * retry of a first try before it) takes an expected value the loop changes?
 */
static int cas_update_loop(struct ct_kernel *k, TSNode loop, TSNode call)
{
	struct cas_scan s;

	memset(&s, 0, sizeof(s));
	s.f = k->file;
	s.loop = loop;
	ct_text(k->file, ct_positional_arg(call, 0), s.array, sizeof(s.array));
	if (!*s.array)
		return 0;
	find_moving_cas(&s, loop, 0);
	return s.moves;
}

/*
 * Does a while loop wait on this call's result (a lock acquire or a poll)?
 * The call is in its condition, or assigned to a variable the loop tests, or
 * is the first try just before it; and the place it reads does not move
 * from one round to the next (a scan over an array is no poll).
 */
int ct_waits_on(struct ct_kernel *k, TSNode call, TSNode *loop_out)
{
	char var[CT_NAME_LEN];
	TSNode loop = ct_enclosing_loop(k, call);
	int waits;

	*loop_out = loop;
	if (ts_node_is_null(loop))
		waits = first_try(k, call, &loop);
	else if (!ct_is(loop, "while_statement"))
		return 0;
	else if (ct_within(call, ct_field(loop, "condition")))
		waits = 1;
	else
		waits = ct_result_var(k->file, call, var, sizeof(var)) &&
			ct_loop_tests(k->file, loop, var);
	if (waits && ct_is_call_of(k->file, call, "atomic_cas") && cas_update_loop(k, loop, call))
		return 0;	/* expected moves with each try: an update loop, not a wait */
	return waits && !changes_in(k->file, ct_index_arg(k->file, call), loop, 0);
}

/* An acquiring read: a CAS or exchange, an RMW that adds nothing, a load given an order. */
int ct_is_read_rmw(const struct ct_file *f, TSNode call, const char *fn)
{
	TSNode v = ct_unparen(ct_positional_arg(call, 2));
	if (!strcmp(fn, "atomic_cas") || !strcmp(fn, "atomic_xchg") || !strcmp(fn, "load"))
		return 1;
	return (!strcmp(fn, "atomic_add") || !strcmp(fn, "atomic_or")) && ct_text_is(f, v, "0");
}

/* Does the call write the array: an atomic other than a read (add/or of 0), a store, a scatter? */
int ct_writes_array(const struct ct_file *f, TSNode call, const char *fn)
{
	if (!strcmp(fn, "store") || !strcmp(fn, "scatter") || !strcmp(fn, "atomic_cas") ||
	    !strcmp(fn, "atomic_xchg"))
		return 1;
	return ct_is_atomic(fn) && !ct_is_read_rmw(f, call, fn);
}

/* Does the call wait on what it reads: a read in a loop that waits on its result? */
int ct_waits_array(struct ct_kernel *k, TSNode call, const char *fn)
{
	TSNode loop;
	return (ct_is_atomic(fn) || !strcmp(fn, "load")) && ct_is_read_rmw(k->file, call, fn) &&
	       ct_waits_on(k, call, &loop);
}
