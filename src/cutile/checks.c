/*
 * The cuTile checks.  Each judges one kind of call in one kernel; what
 * cuda.tile's atomics accept lives in the tables below, once.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse/check.h"
#include "cutile/analysis.h"
#include "cuatomlint/strbuf.h"
#include "cutile/cutile.h"
#include "fixits/edit.h"
#include "util/hash.h"

/* cuda.tile's atomics; value: the first positional argument after indices. */
static const char *const atomics[] = {
	"atomic_cas", "atomic_xchg", "atomic_add", "atomic_and", "atomic_or",
	"atomic_xor", "atomic_max", "atomic_min", NULL,
};
/*
 * cuda.tile's MemoryOrder and MemoryScope members (cuda.tile 1.5.0,
 * _memory_model.py; WEAK and NONE since 1.3.0, CLUSTER since 1.5.0) and
 * what each operation accepts (the VALID_MEMORY_ORDERS/SCOPES of its IR op
 * and the pairing rule of validate_memory_order_and_scope).
 */
static const char *const order_members[] = { "WEAK", "RELAXED", "ACQUIRE", "RELEASE", "ACQ_REL",
					     NULL };
static const char *const scope_members[] = { "NONE", "BLOCK", "CLUSTER", "DEVICE", "SYS", NULL };

struct mem_rules {
	const char *takers;		/* "atomics", "load", "store" */
	const char *const *orders;
	const char *const *scopes;
	int weak_pairs;			/* WEAK goes with NONE only, the others need a scope */
};

static const char *const atomic_orders[] = { "RELAXED", "ACQUIRE", "RELEASE", "ACQ_REL", NULL };
static const char *const atomic_scopes[] = { "BLOCK", "DEVICE", "SYS", NULL };
static const char *const load_orders[] = { "WEAK", "RELAXED", "ACQUIRE", NULL };
static const char *const store_orders[] = { "WEAK", "RELAXED", "RELEASE", NULL };
static const char *const load_store_scopes[] = { "NONE", "BLOCK", "DEVICE", "SYS", NULL };

static const struct mem_rules atomic_rules = { "atomics", atomic_orders, atomic_scopes, 0 };
static const struct mem_rules load_rules = { "load", load_orders, load_store_scopes, 1 };
static const struct mem_rules store_rules = { "store", store_orders, load_store_scopes, 1 };

static const struct { const char *dtype, *bits; } float_bits[] = {
	{ "float16", "int16" }, { "bfloat16", "int16" }, { "float32", "int32" },
	{ "float64", "int64" }, { NULL, NULL },
};

struct lint {
	const struct ct_file *f;
	const int *enabled;
	struct cal_findings *out;
	uint64_t hash;
};

static int in_list(const char *const *list, const char *s)
{
	int i;
	for (i = 0; list[i]; i++)
		if (!strcmp(list[i], s))
			return 1;
	return 0;
}

static int check_on(const struct lint *l, const char *id)
{
	int i;
	for (i = 0; i < cal_nr_checks; i++)
		if (!strcmp(cal_checks[i]->id, id))
			return l->enabled[i];
	return 0;
}

static void pos_of(const struct lint *l, TSNode n, int end, struct cal_pos *p)
{
	TSPoint pt = end ? ts_node_end_point(n) : ts_node_start_point(n);
	p->file = xstrdup(l->f->path);
	p->offset = end ? ts_node_end_byte(n) : ts_node_start_byte(n);
	p->line = pt.row + 1;
	p->column = pt.column + 1;
}

static struct cal_finding *report(struct lint *l, const char *id, TSNode at, const char *fmt,
				  ...) __attribute__((format(printf, 4, 5)));

static struct cal_finding *report(struct lint *l, const char *id, TSNode at, const char *fmt, ...)
{
	struct cal_finding f;
	const struct cal_check *c = cal_check_find(id);
	struct strbuf sb = STRBUF_INIT;
	va_list ap;

	memset(&f, 0, sizeof(f));
	f.check = c ? c->id : id;
	f.severity = c ? c->severity : CAL_SEV_WARNING;
	f.archs = CAL_HOST_BIT;
	pos_of(l, at, 0, &f.range.begin);
	pos_of(l, at, 1, &f.range.end);
	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	f.message = strbuf_detach(&sb);
	cal_findings_take(l->out, &f);
	return &l->out->items[l->out->nr - 1];
}

/* An edit replacing [b, e) of the file by text. */
static void add_edit(struct lint *l, struct cal_fix *fix, uint32_t b, uint32_t e,
		     TSPoint pb, TSPoint pe, const char *text)
{
	struct cal_pos begin = { (char *)l->f->path, b, pb.row + 1, pb.column + 1 };
	struct cal_pos end = { (char *)l->f->path, e, pe.row + 1, pe.column + 1 };
	struct cal_edit ed;

	cal_edit_span(&begin, &end, text, &ed);
	ed.file_hash = l->hash;
	cal_fix_add_edit(fix, &ed);
	cal_edit_clear(&ed);
}

static void replace_node(struct lint *l, struct cal_fix *fix, TSNode n, const char *text)
{
	add_edit(l, fix, ts_node_start_byte(n), ts_node_end_byte(n), ts_node_start_point(n),
		 ts_node_end_point(n), text);
}

/* The member a keyword argument names ("MemoryOrder.RELAXED"), into buf, or NULL. */
static const char *kw_member(const struct ct_file *f, TSNode call, const char *kw, char *buf,
			     size_t size)
{
	TSNode a = ct_keyword_arg(f, call, kw);
	if (ts_node_is_null(a))
		return NULL;
	return ct_resolve(f, ct_field(a, "value"), buf, size);
}

/* The identifier "RELAXED" of "ct.MemoryOrder.RELAXED" in a keyword argument. */
static TSNode kw_member_name(const struct ct_file *f, TSNode call, const char *kw)
{
	TSNode v = ct_unparen(ct_field(ct_keyword_arg(f, call, kw), "value"));
	return ct_is(v, "attribute") ? ct_field(v, "attribute") : v;
}

static const char *atomic_name(const struct ct_file *f, TSNode call, char *buf, size_t size)
{
	const char *r;
	if (!ct_is(call, "call"))
		return NULL;
	r = ct_resolve(f, ct_field(call, "function"), buf, size);
	return r && in_list(atomics, r) ? r : NULL;
}

/* ---- cutile-atomic-args ---- */

/* "A, B or C" of a NULL-ended list, into sb. */
static void add_choices(struct strbuf *sb, const char *const *list)
{
	int i;
	for (i = 0; list[i]; i++)
		strbuf_addf(sb, "%s%s", i == 0 ? "" : list[i + 1] ? ", " : " or ", list[i]);
}

/*
 * Judge memory_order= / memory_scope= (kw) against the class's members and
 * what the operation accepts.  Returns the member's name if the file names a
 * member the operation accepts, else NULL (also when it names none).
 */
static const char *member_arg(struct lint *l, TSNode call, const char *fn, const char *kw,
			      const char *cls, const char *const *members,
			      const struct mem_rules *rules, char *buf, size_t size)
{
	const char *m = kw_member(l->f, call, kw, buf, size);
	const char *const *accepted = !strcmp(cls, "MemoryOrder") ? rules->orders : rules->scopes;
	TSNode at = ct_field(ct_keyword_arg(l->f, call, kw), "value");
	struct strbuf sb = STRBUF_INIT;
	size_t n = strlen(cls);

	if (!m || !*m)
		return NULL;
	if (strncmp(m, cls, n) || m[n] != '.') {
		report(l, "cutile-atomic-args", at, "%s=%s is not a cuda.tile.%s", kw, m, cls);
		return NULL;
	}
	if (!in_list(members, m + n + 1)) {
		report(l, "cutile-atomic-args", at, "%s=%s: cuda.tile.%s has no member '%s'", kw,
		       m, cls, m + n + 1);
		return NULL;
	}
	if (in_list(accepted, m + n + 1))
		return m + n + 1;
	add_choices(&sb, accepted);
	report(l, "cutile-atomic-args", at, "%s=%s: %s rejects it (%s take%s %s)", kw, m, fn,
	       rules->takers, strcmp(rules->takers, "atomics") ? "s" : "", sb.buf);
	strbuf_release(&sb);
	return NULL;
}

/* How this file names cuda.tile's class cls ("MemoryScope", "ct.MemoryScope"), or NULL. */
static char *class_ref(const struct ct_file *f, const char *cls)
{
	const char *mod = ct_module_name(f);
	int i;

	for (i = 0; i < f->nr_names; i++)
		if (!strcmp(f->names[i].member, cls))
			return xstrdup(f->names[i].local);
	return mod ? xasprintf("%s.%s", mod, cls) : NULL;
}

/*
 * ct.load/ct.store (cuda.tile 1.3+): WEAK, their default order, goes with
 * MemoryScope.NONE, their default scope, only; any other order needs a scope.
 */
static void weak_pairing(struct lint *l, TSNode call, const char *fn, const char *order,
			 const char *scope)
{
	TSNode okw = ct_keyword_arg(l->f, call, "memory_order");
	TSNode skw = ct_keyword_arg(l->f, call, "memory_scope");
	struct cal_finding *f;
	char *ref, *text;

	if (strcmp(order, "WEAK") && !strcmp(scope, "NONE")) {
		f = report(l, "cutile-atomic-args", ct_field(okw, "value"),
			   "%s with memory_order=MemoryOrder.%s needs a memory_scope: "
			   "MemoryScope.NONE%s goes only with WEAK, and cuda.tile rejects the call",
			   fn, order, ts_node_is_null(skw) ? ", the default," : "");
		if (!ts_node_is_null(skw)) {
			replace_node(l, cal_finding_add_fix(f, "use MemoryScope.DEVICE"),
				     kw_member_name(l->f, call, "memory_scope"), "DEVICE");
		} else if ((ref = class_ref(l->f, "MemoryScope"))) {
			text = xasprintf(", memory_scope=%s.DEVICE", ref);
			add_edit(l, cal_finding_add_fix(f, "add memory_scope=MemoryScope.DEVICE"),
				 ts_node_end_byte(okw), ts_node_end_byte(okw),
				 ts_node_end_point(okw), ts_node_end_point(okw), text);
			free(text);
			free(ref);
		}
	} else if (!strcmp(order, "WEAK") && strcmp(scope, "NONE")) {
		report(l, "cutile-atomic-args", ct_field(skw, "value"),
		       "%s with memory_scope=MemoryScope.%s but %s ordering: a scope goes only "
		       "with RELAXED or %s, and cuda.tile rejects the call", fn, scope,
		       ts_node_is_null(okw) ? "the default WEAK" : "WEAK",
		       !strcmp(fn, "load") ? "ACQUIRE" : "RELEASE");
	}
}

/* memory_order= / memory_scope= of an atomic, ct.load or ct.store. */
static void memory_args(struct lint *l, TSNode call, const char *fn,
			const struct mem_rules *rules)
{
	char ob[CT_NAME_LEN * 2], sb[CT_NAME_LEN * 2];
	const char *order = member_arg(l, call, fn, "memory_order", "MemoryOrder", order_members,
				       rules, ob, sizeof(ob));
	const char *scope = member_arg(l, call, fn, "memory_scope", "MemoryScope", scope_members,
				       rules, sb, sizeof(sb));
	int has_order = !ts_node_is_null(ct_keyword_arg(l->f, call, "memory_order"));
	int has_scope = !ts_node_is_null(ct_keyword_arg(l->f, call, "memory_scope"));

	if (!rules->weak_pairs || (has_order && !order) || (has_scope && !scope))
		return;
	weak_pairing(l, call, fn, has_order ? order : "WEAK", has_scope ? scope : "NONE");
}

/* gather/scatter have no ordering arguments. */
static void no_memory_args(struct lint *l, TSNode call, const char *fn)
{
	static const char *const kws[] = { "memory_order", "memory_scope", NULL };
	int i;

	for (i = 0; kws[i]; i++) {
		TSNode kw = ct_keyword_arg(l->f, call, kws[i]);
		if (!ts_node_is_null(kw))
			report(l, "cutile-atomic-args", kw,
			       "%s takes no %s (cuda.tile rejects the call); order a read or a "
			       "write with an atomic, or ct.load/ct.store with memory_order", fn,
			       kws[i]);
	}
}

static int is_int_dtype(const char *d)
{
	return (!strncmp(d, "int", 3) || !strncmp(d, "uint", 4)) && !strchr(d, '.');
}

/*
 * How many indices idx holds: a tuple's length, 1 for what is surely one
 * tile or scalar (a literal, arithmetic, a cuda.tile call), else 0 (a name
 * may hold a tuple).
 */
static unsigned nr_indices(const struct ct_file *f, TSNode idx)
{
	char buf[CT_NAME_LEN * 2];

	if (ct_is(idx, "tuple"))
		return ts_node_named_child_count(idx);
	if (ct_is(idx, "integer") || ct_is(idx, "binary_operator") ||
	    ct_is(idx, "unary_operator"))
		return 1;
	if (ct_is(idx, "call") && ct_resolve(f, ct_field(idx, "function"), buf, sizeof(buf)))
		return 1;
	return 0;
}

/* "indices must be a tuple whose length equals the array rank" (a 1-D array may take one tile). */
static void index_count(struct lint *l, struct ct_kernel *k, TSNode idx, const char *fn,
			const struct ct_array_fact *a)
{
	unsigned n = nr_indices(l->f, idx);

	(void)k;
	if (!n)
		return;
	if (a->rank > 0 && n != (unsigned)a->rank)
		report(l, "cutile-atomic-args", idx,
		       "%s: %u indices for '%s', an array of rank %d (indices need one entry per "
		       "dimension)", fn, n, a->name, a->rank);
	else if (a->rank == 0 && a->min_rank > 0 && n < (unsigned)a->min_rank)
		report(l, "cutile-atomic-args", idx,
		       "%s: %u indices for '%s', an array of rank %d or more (indices need one "
		       "entry per dimension)", fn, n, a->name, a->min_rank);
}

static void atomic_args(struct lint *l, struct ct_kernel *k, TSNode call, const char *fn)
{
	const struct ct_array_fact *a = ct_fact(k, ct_positional_arg(call, 0));
	TSNode idx = ct_unparen(ct_positional_arg(call, 1));
	unsigned i, nvals = !strcmp(fn, "atomic_cas") ? 2 : 1;

	memory_args(l, call, fn, &atomic_rules);
	if (!a)
		return;
	index_count(l, k, idx, fn, a);
	if (!is_int_dtype(a->dtype))
		return;
	for (i = 0; i < nvals; i++) {
		TSNode v = ct_unparen(ct_positional_arg(call, 2 + i));
		if (ct_is(v, "unary_operator"))
			v = ct_field(v, "argument");
		if (ct_is(v, "float"))
			report(l, "cutile-atomic-args", v,
			       "%s: a float literal into '%s', an array of %s", fn, a->name,
			       a->dtype);
	}
}

/* ---- cutile-relaxed-sync ---- */

/* The call's index argument: "index=" of load/store, else the second positional. */
static TSNode index_arg(const struct ct_file *f, TSNode call)
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
static int waits_on(struct ct_kernel *k, TSNode call, TSNode *loop_out)
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
	return waits && !changes_in(k->file, index_arg(k->file, call), loop, 0);
}

/* An acquiring read: a CAS or exchange, an RMW that adds nothing, a load given an order. */
static int is_read_rmw(const struct ct_file *f, TSNode call, const char *fn)
{
	TSNode v = ct_unparen(ct_positional_arg(call, 2));
	if (!strcmp(fn, "atomic_cas") || !strcmp(fn, "atomic_xchg") || !strcmp(fn, "load"))
		return 1;
	return (!strcmp(fn, "atomic_add") || !strcmp(fn, "atomic_or")) && ct_text_is(f, v, "0");
}

struct acquire_scan {
	struct lint *l;
	TSNode array;
	uint32_t before;
	int found;
};

/* A cas/xchg in a loop that waits on it, on the same array, before the release. */
static void find_acquire(struct ct_kernel *k, TSNode call, void *data)
{
	struct acquire_scan *s = data;
	char buf[CT_NAME_LEN * 2], a[CT_NAME_LEN], b[CT_NAME_LEN];
	const char *fn = atomic_name(k->file, call, buf, sizeof(buf));
	TSNode loop;

	if (!fn || s->found || ts_node_start_byte(call) >= s->before ||
	    (strcmp(fn, "atomic_cas") && strcmp(fn, "atomic_xchg")))
		return;
	ct_text(k->file, ct_positional_arg(call, 0), a, sizeof(a));
	ct_text(k->file, s->array, b, sizeof(b));
	if (*a && !strcmp(a, b) && waits_on(k, call, &loop))
		s->found = 1;
}

static void fix_order(struct lint *l, struct cal_finding *f, TSNode call, const char *order)
{
	struct cal_fix *fix;
	char desc[64];

	snprintf(desc, sizeof(desc), "use MemoryOrder.%s", order);
	fix = cal_finding_add_fix(f, desc);
	replace_node(l, fix, kw_member_name(l->f, call, "memory_order"), order);
}

static int writes_array(const struct ct_file *f, TSNode call, const char *fn);
static int waits_array(struct ct_kernel *k, TSNode call, const char *fn);

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
		if (!same && writes_array(k->file, c, fn))
			s->wrote_before = 1;
	} else if (same && ts_node_is_null(s->poll) && ts_node_start_byte(c) >
		   ts_node_start_byte(s->call) && waits_array(k, c, fn)) {
		s->poll = c;
	}
}

/*
 * A barrier's arrival: a RELAXED RMW that writes (an add of 1, not a read),
 * after the block wrote other data, on an array the kernel then polls.  It
 * publishes those writes: RELEASE; ACQ_REL when its own result is what the
 * wait tests (the last block to arrive does not poll).
 */
static int relaxed_arrival(struct lint *l, struct ct_kernel *k, TSNode call, const char *fn)
{
	struct arrival_scan s;
	char var[CT_NAME_LEN];
	struct cal_finding *f;
	TSNode loop;
	int both;

	if (!in_list(atomics, fn) || !strcmp(fn, "atomic_cas") || is_read_rmw(l->f, call, fn) ||
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
	f = report(l, "cutile-relaxed-sync", call,
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

static void relaxed_sync(struct lint *l, struct ct_kernel *k, TSNode call, const char *fn)
{
	char buf[CT_NAME_LEN * 2];
	const char *m = kw_member(l->f, call, "memory_order", buf, sizeof(buf));
	struct acquire_scan s = { l, ct_positional_arg(call, 0), ts_node_start_byte(call), 0 };
	struct cal_finding *f;
	TSNode loop;

	if (!m || strcmp(m, "MemoryOrder.RELAXED") || !ct_is(kw_member_name(l->f, call,
									   "memory_order"),
							    "identifier"))
		return;
	if (is_read_rmw(l->f, call, fn) && waits_on(k, call, &loop)) {
		f = report(l, "cutile-relaxed-sync", call,
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
	f = report(l, "cutile-relaxed-sync", call,
		   "%s with MemoryOrder.RELAXED releases a lock this kernel acquires in a loop: "
		   "the critical section's writes may become visible after the lock is free; "
		   "use RELEASE", fn);
	fix_order(l, f, call, "RELEASE");
}

/* ---- cas-float-compare ---- */

static const char *bits_of(const char *dtype)
{
	int i;
	for (i = 0; float_bits[i].dtype; i++)
		if (!strcmp(float_bits[i].dtype, dtype))
			return float_bits[i].bits;
	return NULL;
}

struct cmp_scan {
	struct lint *l;
	const char *old, *expected, *bits, *fn;
	TSNode call;
};

static int is_ident(const struct ct_file *f, TSNode n, const char *a, const char *b)
{
	n = ct_unparen(n);
	return ct_is(n, "identifier") && (ct_text_is(f, n, a) || ct_text_is(f, n, b));
}

static void float_compare_fix(struct cmp_scan *s, struct cal_finding *f, TSNode lhs, TSNode rhs)
{
	const char *mod = ct_module_name(s->l->f);
	char t[CT_NAME_LEN], *r1, *r2;
	struct cal_fix *fix;

	if (!mod)
		return;
	r1 = xasprintf("%s.bitcast(%s, %s.%s)", mod, ct_text(s->l->f, lhs, t, sizeof(t)), mod,
		       s->bits);
	r2 = xasprintf("%s.bitcast(%s, %s.%s)", mod, ct_text(s->l->f, rhs, t, sizeof(t)), mod,
		       s->bits);
	fix = cal_finding_add_fix(f, "compare the bit patterns");
	replace_node(s->l, fix, lhs, r1);
	replace_node(s->l, fix, rhs, r2);
	free(r1);
	free(r2);
}

static void scan_compares(struct cmp_scan *s, TSNode n, int depth)
{
	const struct ct_file *f = s->l->f;
	uint32_t i, c;

	if (ts_node_is_null(n) || depth > 200 || ct_is(n, "function_definition"))
		return;
	if (ct_is(n, "comparison_operator") && ts_node_child_count(n) == 3 &&
	    (ct_text_is(f, ts_node_child(n, 1), "==") || ct_text_is(f, ts_node_child(n, 1), "!="))) {
		TSNode lhs = ts_node_named_child(n, 0), rhs = ts_node_named_child(n, 1);
		char lt[CT_NAME_LEN], rt[CT_NAME_LEN];
		if (is_ident(f, lhs, s->old, s->expected) && is_ident(f, rhs, s->old, s->expected) &&
		    strcmp(ct_text(f, ct_unparen(lhs), lt, sizeof(lt)),
			   ct_text(f, ct_unparen(rhs), rt, sizeof(rt)))) {
			struct cal_finding *fd = report(
				s->l, "cas-float-compare", n,
				"the %s retry loop compares float values ('%s %s %s'): NaN never "
				"equals itself, so the loop spins forever on NaN, and -0.0 equals "
				"+0.0 while the hardware compares bits; compare the bit patterns",
				s->fn, lt, ct_text_is(f, ts_node_child(n, 1), "==") ? "==" : "!=", rt);
			float_compare_fix(s, fd, lhs, rhs);
		}
	}
	c = ts_node_named_child_count(n);
	for (i = 0; i < c; i++)
		scan_compares(s, ts_node_named_child(n, i), depth + 1);
}

static void float_cas(struct lint *l, struct ct_kernel *k, TSNode call, const char *fn)
{
	const struct ct_array_fact *a = ct_fact(k, ct_positional_arg(call, 0));
	TSNode expected = ct_unparen(ct_positional_arg(call, 2)), loop;
	char old[CT_NAME_LEN], exp[CT_NAME_LEN];
	struct cmp_scan s;

	if (strcmp(fn, "atomic_cas") || !a || !bits_of(a->dtype) ||
	    !ct_is(expected, "identifier") || !ct_result_var(l->f, call, old, sizeof(old)))
		return;
	ct_text(l->f, expected, exp, sizeof(exp));
	loop = ct_enclosing_loop(k, call);
	if (ts_node_is_null(loop) || !ct_loop_tests(l->f, loop, old))
		return;
	s.l = l;
	s.old = old;
	s.expected = exp;
	s.bits = bits_of(a->dtype);
	s.fn = fn;
	s.call = call;
	if (ct_is(loop, "while_statement"))
		scan_compares(&s, ct_field(loop, "condition"), 0);
	scan_compares(&s, ct_field(loop, "body"), 0);
}

/* ---- scope-mismatch ---- */

/* Does the call write the array: an atomic other than a read (add/or of 0), a store, a scatter? */
static int writes_array(const struct ct_file *f, TSNode call, const char *fn)
{
	if (!strcmp(fn, "store") || !strcmp(fn, "scatter") || !strcmp(fn, "atomic_cas") ||
	    !strcmp(fn, "atomic_xchg"))
		return 1;
	return in_list(atomics, fn) && !is_read_rmw(f, call, fn);
}

/* Does the call wait on what it reads: a read in a loop that waits on its result? */
static int waits_array(struct ct_kernel *k, TSNode call, const char *fn)
{
	TSNode loop;
	return (in_list(atomics, fn) || !strcmp(fn, "load")) && is_read_rmw(k->file, call, fn) &&
	       waits_on(k, call, &loop);
}

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
	if (s->want_waiter ? !waits_array(k, c, fn) : !writes_array(k->file, c, fn))
		return;
	ci = index_arg(k->file, c);
	if (s->want_waiter ? between_blocks(k, s->index, ci) : between_blocks(k, ci, s->index))
		s->found = c;
}

/*
 * A publish or a poll with MemoryScope.BLOCK whose partner in the kernel is
 * another block: block i writes flag[i + 1], block i + 1 polls flag[i + 1].
 */
static int block_handoff(struct lint *l, struct ct_kernel *k, TSNode call, const char *fn,
			 TSNode name)
{
	struct partner_scan s;
	char idx[64], other[64], array[CT_NAME_LEN];
	struct cal_finding *f;
	int role, polls = 0;

	memset(&s, 0, sizeof(s));
	s.array = ct_positional_arg(call, 0);
	s.index = index_arg(l->f, call);
	if (!ct_is(ct_unparen(s.array), "identifier") || ts_node_is_null(s.index))
		return 0;
	/* a poll looks for the write it waits on, a write for the poll that waits on it */
	for (role = 0; role < 2 && ts_node_is_null(s.found); role++) {
		polls = role == 0;
		if (polls ? !waits_array(k, call, fn) : !writes_array(l->f, call, fn))
			continue;
		s.want_waiter = !polls;
		ct_for_each_call(k, find_partner, &s);
	}
	if (ts_node_is_null(s.found))
		return 0;
	ct_text(l->f, s.array, array, sizeof(array));
	ct_text(l->f, s.index, idx, sizeof(idx));
	ct_text(l->f, index_arg(l->f, s.found), other, sizeof(other));
	if (same_index(k, s.index, index_arg(l->f, s.found)))
		f = report(l, "scope-mismatch", call,
			   "%s with MemoryScope.BLOCK %s '%s' at index %s, an element that several "
			   "blocks %s (the index %s): block scope orders nothing between blocks, so "
			   "what one block wrote before may not be visible to the next; use DEVICE",
			   fn, polls ? "polls" : "publishes to", array, idx, polls ? "write" : "poll",
			   ct_depends_on_bid(k, s.index) ? "maps more than one ct.bid() onto it"
							 : "does not depend on ct.bid()");
	else
		f = report(l, "scope-mismatch", call,
			   "%s with MemoryScope.BLOCK %s '%s' at index %s, which the kernel %s at "
			   "index %s (line %u) in another block: block scope orders nothing between "
			   "blocks, so the data published with the flag may not be visible; use "
			   "DEVICE", fn, polls ? "polls" : "publishes to", array, idx,
			   polls ? "writes" : "polls", other, ts_node_start_point(s.found).row + 1);
	replace_node(l, cal_finding_add_fix(f, "use MemoryScope.DEVICE"), name, "DEVICE");
	return 1;
}

static void block_scope(struct lint *l, struct ct_kernel *k, TSNode call, const char *fn)
{
	char buf[CT_NAME_LEN * 2];
	const char *m = kw_member(l->f, call, "memory_scope", buf, sizeof(buf));
	TSNode name = kw_member_name(l->f, call, "memory_scope");
	struct cal_finding *f;
	TSNode index = ct_positional_arg(call, 1);
	int folds;

	if (!m || strcmp(m, "MemoryScope.BLOCK") || !ct_is(name, "identifier"))
		return;
	/* 'bid % n', 'bid // 2': the ids of several blocks wrap onto one element */
	folds = in_list(atomics, fn) && ct_depends_on_bid(k, index) && ct_folds_blocks(k, index);
	if (!in_list(atomics, fn) || ct_depends_on_bid(k, index)) {
		/* a hand-off through the element says more, where there is one */
		if (block_handoff(l, k, call, fn, name) || !folds)
			return;
	}
	f = report(l, "scope-mismatch", call,
		   "%s with MemoryScope.BLOCK on indices that %s, and block scope neither makes "
		   "the update atomic nor orders it with respect to other blocks; use DEVICE", fn,
		   folds ? "map several ct.bid() values onto one element: several blocks update it"
		   : "do not depend on ct.bid(): every block updates the same elements");
	replace_node(l, cal_finding_add_fix(f, "use MemoryScope.DEVICE"), name, "DEVICE");
}

/* ---- cutile-unchecked-bounds ---- */

static void drop_kwarg(struct lint *l, struct cal_finding *f, TSNode kw)
{
	TSNode prev = ts_node_prev_named_sibling(kw);
	if (ts_node_is_null(prev))
		return;
	add_edit(l, cal_finding_add_fix(f, "drop check_bounds=False (check bounds)"),
		 ts_node_end_byte(prev), ts_node_end_byte(kw), ts_node_end_point(prev),
		 ts_node_end_point(kw), "");
}

static void unchecked_bounds(struct lint *l, struct ct_kernel *k, TSNode call, const char *fn)
{
	TSNode kw = ct_keyword_arg(l->f, call, "check_bounds");
	struct cal_finding *f;
	int tiles = !strcmp(fn, "load") || !strcmp(fn, "store");

	if (ts_node_is_null(kw) || !ct_is(ct_field(kw, "value"), "false") ||
	    !ts_node_is_null(ct_keyword_arg(l->f, call, "mask")) ||
	    ct_is_guarded(k, index_arg(l->f, call)))
		return;
	/*
	 * ct.load/ct.store (check_bounds since after cuda.tile 1.5.0) take a tile
	 * index: check_bounds=False promises whole tiles inside the array, which a
	 * launch grid sized to the array keeps and the file cannot show.  Judge
	 * them only where the index comes from data the kernel read.
	 */
	if (tiles && !ct_reads_memory(k, index_arg(l->f, call)))
		return;
	f = report(l, "cutile-unchecked-bounds", kw,
		   "%s with check_bounds=False, but nothing in the kernel clamps or masks its "
		   "indices against the array's shape: an index out of range is undefined "
		   "behaviour", fn);
	drop_kwarg(l, f, kw);
}

/* ---- cutile-plain-poll ---- */

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

static void acquire_load_fix(struct lint *l, struct cal_finding *f, TSNode call);

static void plain_poll(struct lint *l, struct ct_kernel *k, TSNode call, const char *fn)
{
	struct write_scan w = { { 0 }, 0 };
	struct cal_finding *f;
	char buf[CT_NAME_LEN * 2];
	const char *order = kw_member(l->f, call, "memory_order", buf, sizeof(buf));
	TSNode loop;

	/* WEAK, the default of ct.load (cuda.tile 1.3+), is the plain load */
	if ((!ts_node_is_null(ct_keyword_arg(l->f, call, "memory_order")) &&
	     (!order || strcmp(order, "MemoryOrder.WEAK"))) ||
	    !ct_is(ct_unparen(ct_positional_arg(call, 0)), "identifier") ||
	    !waits_on(k, call, &loop))
		return;
	ct_text(l->f, ct_positional_arg(call, 0), w.array, sizeof(w.array));
	ct_for_each_call(k, find_write, &w);
	if (w.writes)
		return;	/* the kernel writes it itself: not (only) another block's flag */
	f = report(l, "cutile-plain-poll", call,
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
static void acquire_load_fix(struct lint *l, struct cal_finding *f, TSNode call)
{
	TSNode args = ct_field(call, "arguments"), weak = ct_keyword_arg(l->f, call, "memory_order");
	TSNode last;
	char *order = class_ref(l->f, "MemoryOrder"), *scope = class_ref(l->f, "MemoryScope");
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
		replace_node(l, cal_finding_add_fix(f, "load with MemoryOrder.ACQUIRE"), weak, text);
	} else {
		char *tail = xasprintf(", %s", text);
		last = ts_node_named_child(args, n - 1);
		while (ct_is(last, "comment") && n > 1)
			last = ts_node_named_child(args, --n - 1);
		add_edit(l, cal_finding_add_fix(f, "load with MemoryOrder.ACQUIRE"),
			 ts_node_end_byte(last), ts_node_end_byte(last), ts_node_end_point(last),
			 ts_node_end_point(last), tail);
		free(tail);
	}
	free(text);
	free(order);
	free(scope);
}

/* ---- the driver ---- */

static void on_call(struct ct_kernel *k, TSNode call, void *data)
{
	struct lint *l = data;
	char buf[CT_NAME_LEN * 2];
	const char *fn = ct_resolve(l->f, ct_field(call, "function"), buf, sizeof(buf));

	if (!fn)
		return;
	if (in_list(atomics, fn)) {
		if (check_on(l, "cutile-atomic-args"))
			atomic_args(l, k, call, fn);
		if (check_on(l, "cutile-relaxed-sync"))
			relaxed_sync(l, k, call, fn);
		if (check_on(l, "cas-float-compare"))
			float_cas(l, k, call, fn);
	}
	if ((in_list(atomics, fn) || !strcmp(fn, "load") || !strcmp(fn, "store")) &&
	    check_on(l, "scope-mismatch"))
		block_scope(l, k, call, fn);
	if ((in_list(atomics, fn) || !strcmp(fn, "gather") || !strcmp(fn, "scatter") ||
	     !strcmp(fn, "load") || !strcmp(fn, "store")) &&
	    check_on(l, "cutile-unchecked-bounds"))
		unchecked_bounds(l, k, call, fn);
	if ((!strcmp(fn, "load") || !strcmp(fn, "gather")) && check_on(l, "cutile-plain-poll"))
		plain_poll(l, k, call, fn);
	if ((!strcmp(fn, "load") || !strcmp(fn, "store")) && check_on(l, "cutile-relaxed-sync"))
		relaxed_sync(l, k, call, fn);
	if (check_on(l, "cutile-atomic-args")) {
		if (!strcmp(fn, "load") || !strcmp(fn, "store"))
			memory_args(l, call, fn, !strcmp(fn, "load") ? &load_rules : &store_rules);
		else if (!strcmp(fn, "gather") || !strcmp(fn, "scatter"))
			no_memory_args(l, call, fn);
	}
}

static void on_kernel(struct ct_kernel *k, void *data)
{
	ct_for_each_call(k, on_call, data);
}

int cal_cutile_lint_text(const char *path, const char *text, size_t len, const int *enabled,
			 struct cal_findings *out)
{
	struct ct_file f;
	struct lint l;

	if (ct_file_parse(&f, path, text, len) < 0) {
		ct_file_release(&f);
		return -1;
	}
	ct_resolve_imports(&f);
	l.f = &f;
	l.enabled = enabled;
	l.out = out;
	l.hash = cal_content_hash(text, len);
	ct_for_each_kernel(&f, on_kernel, &l);
	ct_file_release(&f);
	return 0;
}
