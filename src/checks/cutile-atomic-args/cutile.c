/*
 * cutile-atomic-args: cuda.tile atomics, loads and stores given arguments
 * cuda.tile rejects; what they accept lives in the tables below, once.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse/check.h"
#include "cuatomlint/strbuf.h"
#include "cutile/lint.h"
#include "cutile/waits.h"

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
static const char *member_arg(struct ct_lint *l, TSNode call, const char *fn, const char *kw,
			      const char *cls, const char *const *members,
			      const struct mem_rules *rules, char *buf, size_t size)
{
	const char *m = ct_kw_member(l->f, call, kw, buf, size);
	const char *const *accepted = !strcmp(cls, "MemoryOrder") ? rules->orders : rules->scopes;
	TSNode at = ct_field(ct_keyword_arg(l->f, call, kw), "value");
	struct strbuf sb = STRBUF_INIT;
	size_t n = strlen(cls);

	if (!m || !*m)
		return NULL;
	if (strncmp(m, cls, n) || m[n] != '.') {
		ct_report(l, "cutile-atomic-args", at, "%s=%s is not a cuda.tile.%s", kw, m, cls);
		return NULL;
	}
	if (!ct_in_list(members, m + n + 1)) {
		ct_report(l, "cutile-atomic-args", at, "%s=%s: cuda.tile.%s has no member '%s'", kw,
		       m, cls, m + n + 1);
		return NULL;
	}
	if (ct_in_list(accepted, m + n + 1))
		return m + n + 1;
	add_choices(&sb, accepted);
	ct_report(l, "cutile-atomic-args", at, "%s=%s: %s rejects it (%s take%s %s)", kw, m, fn,
	       rules->takers, strcmp(rules->takers, "atomics") ? "s" : "", sb.buf);
	strbuf_release(&sb);
	return NULL;
}

/*
 * ct.load/ct.store (cuda.tile 1.3+): WEAK, their default order, goes with
 * MemoryScope.NONE, their default scope, only; any other order needs a scope.
 */
static void weak_pairing(struct ct_lint *l, TSNode call, const char *fn, const char *order,
			 const char *scope)
{
	TSNode okw = ct_keyword_arg(l->f, call, "memory_order");
	TSNode skw = ct_keyword_arg(l->f, call, "memory_scope");
	struct cal_finding *f;
	char *ref, *text;

	if (strcmp(order, "WEAK") && !strcmp(scope, "NONE")) {
		f = ct_report(l, "cutile-atomic-args", ct_field(okw, "value"),
			   "%s with memory_order=MemoryOrder.%s needs a memory_scope: "
			   "MemoryScope.NONE%s goes only with WEAK, and cuda.tile rejects the call",
			   fn, order, ts_node_is_null(skw) ? ", the default," : "");
		if (!ts_node_is_null(skw)) {
			ct_replace_member(l, cal_finding_add_fix(f, "use MemoryScope.DEVICE"), call,
					  "memory_scope", "DEVICE");
		} else if ((ref = ct_class_ref(l->f, "MemoryScope"))) {
			text = xasprintf(", memory_scope=%s.DEVICE", ref);
			ct_add_edit(l, cal_finding_add_fix(f, "add memory_scope=MemoryScope.DEVICE"),
				 ts_node_end_byte(okw), ts_node_end_byte(okw),
				 ts_node_end_point(okw), ts_node_end_point(okw), text);
			free(text);
			free(ref);
		}
	} else if (!strcmp(order, "WEAK") && strcmp(scope, "NONE")) {
		ct_report(l, "cutile-atomic-args", ct_field(skw, "value"),
		       "%s with memory_scope=MemoryScope.%s but %s ordering: a scope goes only "
		       "with RELAXED or %s, and cuda.tile rejects the call", fn, scope,
		       ts_node_is_null(okw) ? "the default WEAK" : "WEAK",
		       !strcmp(fn, "load") ? "ACQUIRE" : "RELEASE");
	}
}

/* memory_order= / memory_scope= of an atomic, ct.load or ct.store. */
static void memory_args(struct ct_lint *l, TSNode call, const char *fn,
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
static void no_memory_args(struct ct_lint *l, TSNode call, const char *fn)
{
	static const char *const kws[] = { "memory_order", "memory_scope", NULL };
	int i;

	for (i = 0; kws[i]; i++) {
		TSNode kw = ct_keyword_arg(l->f, call, kws[i]);
		if (!ts_node_is_null(kw))
			ct_report(l, "cutile-atomic-args", kw,
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
static void index_count(struct ct_lint *l, struct ct_kernel *k, TSNode idx, const char *fn,
			const struct ct_array_fact *a)
{
	unsigned n = nr_indices(l->f, idx);

	(void)k;
	if (!n)
		return;
	if (a->rank > 0 && n != (unsigned)a->rank)
		ct_report(l, "cutile-atomic-args", idx,
		       "%s: %u indices for '%s', an array of rank %d (indices need one entry per "
		       "dimension)", fn, n, a->name, a->rank);
	else if (a->rank == 0 && a->min_rank > 0 && n < (unsigned)a->min_rank)
		ct_report(l, "cutile-atomic-args", idx,
		       "%s: %u indices for '%s', an array of rank %d or more (indices need one "
		       "entry per dimension)", fn, n, a->name, a->min_rank);
}

static void atomic_args(struct ct_lint *l, struct ct_kernel *k, TSNode call, const char *fn)
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
			ct_report(l, "cutile-atomic-args", v,
			       "%s: a float literal into '%s', an array of %s", fn, a->name,
			       a->dtype);
	}
}

static void atomic_args_call(struct ct_call *c)
{
	if (ct_is_atomic(c->fn))
		atomic_args(c->l, c->k, c->call, c->fn);
	else if (!strcmp(c->fn, "load") || !strcmp(c->fn, "store"))
		memory_args(c->l, c->call, c->fn, !strcmp(c->fn, "load") ? &load_rules : &store_rules);
	else if (!strcmp(c->fn, "gather") || !strcmp(c->fn, "scatter"))
		no_memory_args(c->l, c->call, c->fn);
}

const struct cal_check cal_check_cutile_atomic_args = {
	.id = "cutile-atomic-args",
	.severity = CAL_SEV_ERROR,
	.enabled_by_default = 1,
	.summary = "cuTile atomic with arguments its documentation rejects (index count, "
		   "literal kind, MemoryOrder/MemoryScope member)",
	.doc = "cutile-atomic-args.md",
	.languages = CAL_LANG_CUTILE,
	.cutile_call = atomic_args_call,
};
