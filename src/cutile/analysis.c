#include "cutile/analysis.h"

#include <stdlib.h>
#include <string.h>

#include "cuatomlint/strbuf.h"

#define MAX_DEPTH 200

static int is_kernel_decorator(const struct ct_file *f, TSNode dec)
{
	char buf[CT_NAME_LEN * 2];
	TSNode e = ts_node_named_child(dec, 0);
	const char *r;

	if (ct_is(e, "call"))
		e = ct_field(e, "function");
	r = ct_resolve(f, e, buf, sizeof(buf));
	return r && (!strcmp(r, "kernel") || !strcmp(r, "function"));
}

static void rank_from_index(struct ct_kernel *k, TSNode array, TSNode index);
static void facts_of(struct ct_kernel *k, TSNode call, void *data);
static void param_facts(struct ct_kernel *k);
static void shape_facts(struct ct_kernel *k, TSNode n, int depth);

static void visit_defs(const struct ct_file *f, TSNode n, int depth,
		       void (*fn)(struct ct_kernel *k, void *data), void *data)
{
	uint32_t i, c;

	if (depth > MAX_DEPTH)
		return;
	if (ct_is(n, "decorated_definition")) {
		TSNode def = ct_field(n, "definition");
		int kernel = 0;
		c = ts_node_named_child_count(n);
		for (i = 0; i < c; i++) {
			TSNode d = ts_node_named_child(n, i);
			if (ct_is(d, "decorator") && is_kernel_decorator(f, d))
				kernel = 1;
		}
		if (kernel && ct_is(def, "function_definition")) {
			struct ct_kernel *k = calloc(1, sizeof(*k));
			if (!k)
				return;
			k->file = f;
			k->def = def;
			k->body = ct_field(def, "body");
			ct_for_each_call(k, facts_of, NULL);
			param_facts(k);
			shape_facts(k, k->body, 0);
			fn(k, data);
			free(k);
			return;
		}
	}
	c = ts_node_named_child_count(n);
	for (i = 0; i < c; i++)
		visit_defs(f, ts_node_named_child(n, i), depth + 1, fn, data);
}

void ct_for_each_kernel(const struct ct_file *f,
			void (*fn)(struct ct_kernel *k, void *data), void *data)
{
	visit_defs(f, ts_tree_root_node(f->tree), 0, fn, data);
}

static void calls_in(struct ct_kernel *k, TSNode n, int depth,
		     void (*fn)(struct ct_kernel *, TSNode, void *), void *data)
{
	uint32_t i, c;

	if (depth > MAX_DEPTH || ts_node_is_null(n))
		return;
	if (ct_is(n, "call"))
		fn(k, n, data);
	c = ts_node_named_child_count(n);
	for (i = 0; i < c; i++)
		calls_in(k, ts_node_named_child(n, i), depth + 1, fn, data);
}

void ct_for_each_call(struct ct_kernel *k, void (*fn)(struct ct_kernel *, TSNode, void *),
		      void *data)
{
	calls_in(k, k->body, 0, fn, data);
}

static struct ct_array_fact *fact_for(struct ct_kernel *k, TSNode array)
{
	char name[CT_NAME_LEN];
	int i;

	array = ct_unparen(array);
	if (!ct_is(array, "identifier"))
		return NULL;
	ct_text(k->file, array, name, sizeof(name));
	for (i = 0; i < k->nr_facts; i++)
		if (!strcmp(k->facts[i].name, name))
			return &k->facts[i];
	if (k->nr_facts == CT_MAX_FACTS)
		return NULL;
	memcpy(k->facts[k->nr_facts].name, name, sizeof(name));
	return &k->facts[k->nr_facts++];
}

const struct ct_array_fact *ct_fact(const struct ct_kernel *k, TSNode array)
{
	char name[CT_NAME_LEN];
	int i;

	array = ct_unparen(array);
	if (!ct_is(array, "identifier"))
		return NULL;
	ct_text(k->file, array, name, sizeof(name));
	for (i = 0; i < k->nr_facts; i++)
		if (!strcmp(k->facts[i].name, name))
			return &k->facts[i];
	return NULL;
}

static void set_rank(struct ct_kernel *k, TSNode array, int rank)
{
	struct ct_array_fact *a = fact_for(k, array);
	if (!a)
		return;
	if (!a->rank)
		a->rank = rank;
	else if (a->rank != rank)
		a->rank = -1;
}

/* ct.load(array, index=(i, j), shape=...): a tile index has one entry per dimension. */
static void rank_from_index(struct ct_kernel *k, TSNode array, TSNode index)
{
	index = ct_unparen(index);
	if (ct_is(index, "tuple"))
		set_rank(k, array, (int)ts_node_named_child_count(index));
}

/* ct.static_assert(a.dtype == ct.float32) / (a.ndim == 2) */
static void static_assert_fact(struct ct_kernel *k, TSNode call)
{
	const struct ct_file *f = k->file;
	TSNode cmp = ct_unparen(ct_positional_arg(call, 0)), lhs, rhs, obj;
	char buf[CT_NAME_LEN * 2], num[16];
	struct ct_array_fact *a;
	const char *r;

	if (!ct_is(cmp, "comparison_operator") || ts_node_named_child_count(cmp) != 2)
		return;
	lhs = ts_node_named_child(cmp, 0);
	rhs = ts_node_named_child(cmp, 1);
	if (ts_node_child_count(cmp) != 3 || !ct_text_is(f, ts_node_child(cmp, 1), "=="))
		return;
	if (!ct_is(lhs, "attribute"))
		return;
	obj = ct_field(lhs, "object");
	if (ct_text_is(f, ct_field(lhs, "attribute"), "dtype")) {
		r = ct_resolve(f, rhs, buf, sizeof(buf));
		if (r && strlen(r) < 32 && (a = fact_for(k, obj)))
			memcpy(a->dtype, r, strlen(r) + 1);
	} else if (ct_text_is(f, ct_field(lhs, "attribute"), "ndim") && ct_is(rhs, "integer")) {
		ct_text(f, rhs, num, sizeof(num));
		if (strlen(num) == 1 && num[0] >= '1' && num[0] <= '8')
			set_rank(k, obj, num[0] - '0');
	}
}

static void set_min_rank(struct ct_kernel *k, TSNode array, int rank)
{
	struct ct_array_fact *a = fact_for(k, array);
	if (a && rank > a->min_rank)
		a->min_rank = rank;
}

static void facts_of(struct ct_kernel *k, TSNode call, void *data)
{
	const struct ct_file *f = k->file;
	TSNode idx, shape;

	(void)data;
	if (ct_is_call_of(f, call, "static_assert")) {
		static_assert_fact(k, call);
	} else if (ct_is_call_of(f, call, "load") || ct_is_call_of(f, call, "store")) {
		idx = ct_keyword_arg(f, call, "index");
		idx = ts_node_is_null(idx) ? ct_positional_arg(call, 1) : ct_field(idx, "value");
		rank_from_index(k, ct_positional_arg(call, 0), idx);
		if (!ct_is_call_of(f, call, "load"))
			return;
		/* a load's tile shape has the array's rank too (shape=() loads one element) */
		shape = ct_keyword_arg(f, call, "shape");
		shape = ts_node_is_null(shape) ? ct_positional_arg(call, 2) : ct_field(shape, "value");
		shape = ct_unparen(shape);
		if (ct_is(shape, "tuple") && ts_node_named_child_count(shape) > 0)
			rank_from_index(k, ct_positional_arg(call, 0), shape);
	}
}

/* A small integer literal, maybe negative, into *v; 0 if n is none. */
static int small_int(const struct ct_file *f, TSNode n, int *v)
{
	char num[8];
	int neg = 0;

	n = ct_unparen(n);
	if (ct_is(n, "unary_operator") && ct_text_is(f, ts_node_child(n, 0), "-")) {
		neg = 1;
		n = ct_field(n, "argument");
	}
	if (!ct_is(n, "integer") || ts_node_end_byte(n) - ts_node_start_byte(n) != 1)
		return 0;
	ct_text(f, n, num, sizeof(num));
	if (num[0] < '0' || num[0] > '9')
		return 0;
	*v = neg ? -(num[0] - '0') : num[0] - '0';
	return 1;
}

/* The rank dimension d of an array implies: d + 1, or -d for d < 0. */
static int rank_for_dim(int d)
{
	return d >= 0 ? d + 1 : -d;
}

/* "x.shape" with x an identifier: x, else a null node. */
static TSNode shape_of(const struct ct_file *f, TSNode n)
{
	TSNode none = { { 0 }, NULL, NULL };
	n = ct_unparen(n);
	if (ct_is(n, "attribute") && ct_text_is(f, ct_field(n, "attribute"), "shape") &&
	    ct_is(ct_field(n, "object"), "identifier"))
		return ct_field(n, "object");
	return none;
}

/* "M, N = x.shape": x has rank 2; "x.shape[2]": rank 3 or more. */
static void shape_facts(struct ct_kernel *k, TSNode n, int depth)
{
	const struct ct_file *f = k->file;
	TSNode left, array;
	uint32_t i, c;
	int d;

	if (ts_node_is_null(n) || depth > MAX_DEPTH || ct_is(n, "function_definition"))
		return;
	if (ct_is(n, "assignment")) {
		left = ct_field(n, "left");
		array = shape_of(f, ct_field(n, "right"));
		if (!ts_node_is_null(array) &&
		    (ct_is(left, "pattern_list") || ct_is(left, "tuple_pattern")))
			set_rank(k, array, (int)ts_node_named_child_count(left));
	}
	if (ct_is(n, "subscript")) {
		array = shape_of(f, ct_field(n, "value"));
		if (!ts_node_is_null(array) && small_int(f, ct_field(n, "subscript"), &d))
			set_min_rank(k, array, rank_for_dim(d));
	}
	c = ts_node_named_child_count(n);
	for (i = 0; i < c; i++)
		shape_facts(k, ts_node_named_child(n, i), depth + 1);
}

/* A call of cuda.tile's ArrayAnnotation in n's subtree, or a null node. */
static TSNode find_array_annotation(const struct ct_file *f, TSNode n, int depth)
{
	TSNode none = { { 0 }, NULL, NULL }, r;
	uint32_t i, c;

	if (ts_node_is_null(n) || depth > 16)
		return none;
	if (ct_is_call_of(f, n, "ArrayAnnotation"))
		return n;
	c = ts_node_named_child_count(n);
	for (i = 0; i < c; i++) {
		r = find_array_annotation(f, ts_node_named_child(n, i), depth + 1);
		if (!ts_node_is_null(r))
			return r;
	}
	return none;
}

/* The value of a module-level "Name = ..." (an annotation alias), or a null node. */
static TSNode module_alias(const struct ct_file *f, TSNode name)
{
	TSNode root = ts_tree_root_node(f->tree), none = { { 0 }, NULL, NULL }, st, a;
	char text[CT_NAME_LEN];
	uint32_t i, c = ts_node_named_child_count(root);

	ct_text(f, name, text, sizeof(text));
	for (i = 0; i < c; i++) {
		st = ts_node_named_child(root, i);
		a = ts_node_named_child(st, 0);
		if (ct_is(st, "expression_statement") && ct_is(a, "assignment") &&
		    ct_text_is(f, ct_field(a, "left"), text))
			return ct_field(a, "right");
	}
	return none;
}

/*
 * Annotated[ct.Array, ct.ArrayAnnotation(static_shape_dims=(0, -1))]: the
 * dimensions it names exist, so the array has at least that rank.
 */
static void annotation_facts(struct ct_kernel *k, TSNode name, TSNode type)
{
	static const char *const dims[] = { "static_shape_dims", "static_stride_dims", NULL };
	const struct ct_file *f = k->file;
	TSNode ann = find_array_annotation(f, type, 0), v;
	uint32_t i, c;
	int j, d;

	if (ts_node_is_null(ann) && ct_is(ts_node_named_child(type, 0), "identifier"))
		ann = find_array_annotation(f, module_alias(f, ts_node_named_child(type, 0)), 0);
	if (ts_node_is_null(ann))
		return;
	for (j = 0; dims[j]; j++) {
		v = ct_unparen(ct_field(ct_keyword_arg(f, ann, dims[j]), "value"));
		if (!ct_is(v, "tuple"))
			continue;
		c = ts_node_named_child_count(v);
		for (i = 0; i < c; i++)
			if (small_int(f, ts_node_named_child(v, i), &d))
				set_min_rank(k, name, rank_for_dim(d));
	}
}

static void param_facts(struct ct_kernel *k)
{
	TSNode params = ct_field(k->def, "parameters"), p, name;
	uint32_t i, c = ts_node_named_child_count(params);

	for (i = 0; i < c; i++) {
		p = ts_node_named_child(params, i);
		if (ct_is(p, "typed_parameter"))
			name = ts_node_named_child(p, 0);
		else if (ct_is(p, "typed_default_parameter"))
			name = ct_field(p, "name");
		else
			continue;
		if (ct_is(name, "identifier"))
			annotation_facts(k, name, ct_field(p, "type"));
	}
}

int ct_within(TSNode n, TSNode outer)
{
	if (ts_node_is_null(n) || ts_node_is_null(outer))
		return 0;
	return ts_node_start_byte(n) >= ts_node_start_byte(outer) &&
	       ts_node_end_byte(n) <= ts_node_end_byte(outer);
}

TSNode ct_enclosing_loop(const struct ct_kernel *k, TSNode n)
{
	TSNode p = ts_node_parent(n), none = { { 0 }, NULL, NULL };

	while (!ts_node_is_null(p) && ct_within(p, k->body)) {
		if (ct_is(p, "while_statement") || ct_is(p, "for_statement"))
			return p;
		if (ct_is(p, "function_definition") || ct_is(p, "lambda"))
			return none;
		p = ts_node_parent(p);
	}
	return none;
}

const char *ct_result_var(const struct ct_file *f, TSNode call, char *buf, size_t size)
{
	TSNode p = ts_node_parent(call);

	while (ct_is(p, "parenthesized_expression"))
		p = ts_node_parent(p);
	if (!ct_is(p, "assignment") || !ct_is(ct_field(p, "left"), "identifier"))
		return NULL;
	if (!ct_within(call, ct_field(p, "right")))
		return NULL;
	return ct_text(f, ct_field(p, "left"), buf, size);
}

static int mentions_at(const struct ct_file *f, TSNode n, const char *name, int depth)
{
	uint32_t i, c;

	if (ts_node_is_null(n) || depth > MAX_DEPTH)
		return 0;
	if (ct_is(n, "identifier"))
		return ct_text_is(f, n, name);
	if (ct_is(n, "attribute"))	/* a.name is not the variable name */
		return mentions_at(f, ct_field(n, "object"), name, depth + 1);
	if (ct_is(n, "keyword_argument"))
		return mentions_at(f, ct_field(n, "value"), name, depth + 1);
	c = ts_node_named_child_count(n);
	for (i = 0; i < c; i++)
		if (mentions_at(f, ts_node_named_child(n, i), name, depth + 1))
			return 1;
	return 0;
}

int ct_mentions(const struct ct_file *f, TSNode n, const char *name)
{
	return mentions_at(f, n, name, 0);
}

static int ifs_test(const struct ct_file *f, TSNode n, const char *name, int depth)
{
	uint32_t i, c;

	if (ts_node_is_null(n) || depth > MAX_DEPTH || ct_is(n, "function_definition"))
		return 0;
	if ((ct_is(n, "if_statement") || ct_is(n, "elif_clause")) &&
	    ct_mentions(f, ct_field(n, "condition"), name))
		return 1;
	c = ts_node_named_child_count(n);
	for (i = 0; i < c; i++)
		if (ifs_test(f, ts_node_named_child(n, i), name, depth + 1))
			return 1;
	return 0;
}

int ct_loop_tests(const struct ct_file *f, TSNode loop, const char *name)
{
	if (ct_is(loop, "while_statement") && ct_mentions(f, ct_field(loop, "condition"), name))
		return 1;
	return ifs_test(f, ct_field(loop, "body"), name, 0);
}

struct trace {
	const struct ct_kernel *k;
	int (*judge_call)(const struct trace *t, TSNode call);	/* 1: yes, 0: look inside, -1: no */
	int (*judge_node)(const struct trace *t, TSNode n);
	const char *seen[32];
	int nr_seen;
	int unknown_means;	/* answer for what cannot be traced */
};

static int trace_expr(struct trace *t, TSNode e, int depth);

/* Every assignment to name in the kernel: does one of their values answer yes? */
static int trace_name(struct trace *t, TSNode n, const char *name, int depth, int *found)
{
	uint32_t i, c;
	TSNode left;

	if (ts_node_is_null(n) || depth > MAX_DEPTH)
		return 0;
	if (ct_is(n, "assignment") || ct_is(n, "augmented_assignment")) {
		left = ct_field(n, "left");
		if (ct_is(left, "identifier") && ct_text_is(t->k->file, left, name)) {
			*found = 1;
			if (trace_expr(t, ct_field(n, "right"), depth + 1))
				return 1;
		} else if (ct_mentions(t->k->file, left, name)) {
			*found = 1;
			return t->unknown_means;	/* a tuple target: not traced */
		}
	}
	if (ct_is(n, "for_statement") && ct_mentions(t->k->file, ct_field(n, "left"), name)) {
		*found = 1;
		if (trace_expr(t, ct_field(n, "right"), depth + 1))
			return 1;
	}
	c = ts_node_named_child_count(n);
	for (i = 0; i < c; i++)
		if (trace_name(t, ts_node_named_child(n, i), name, depth + 1, found))
			return 1;
	return 0;
}

static int trace_expr(struct trace *t, TSNode e, int depth)
{
	const struct ct_file *f = t->k->file;
	char name[CT_NAME_LEN];
	uint32_t i, c;
	int found = 0, r;

	if (ts_node_is_null(e) || depth > MAX_DEPTH)
		return t->unknown_means;
	if (t->judge_node && t->judge_node(t, e))
		return 1;
	if (ct_is(e, "call")) {
		r = t->judge_call(t, e);
		if (r)
			return r > 0;
		return trace_expr(t, ct_field(e, "arguments"), depth + 1);
	}
	if (ct_is(e, "identifier")) {
		ct_text(f, e, name, sizeof(name));
		for (i = 0; i < (uint32_t)t->nr_seen; i++)
			if (!strcmp(t->seen[i], name))
				return 0;
		if (t->nr_seen == 32)
			return t->unknown_means;
		t->seen[t->nr_seen++] = strdup(name);
		r = trace_name(t, t->k->body, name, depth + 1, &found);
		return r;
	}
	if (ct_is(e, "attribute"))
		return trace_expr(t, ct_field(e, "object"), depth + 1);
	if (ct_is(e, "keyword_argument"))
		return trace_expr(t, ct_field(e, "value"), depth + 1);
	c = ts_node_named_child_count(e);
	for (i = 0; i < c; i++)
		if (trace_expr(t, ts_node_named_child(e, i), depth + 1))
			return 1;
	return 0;
}

static void trace_release(struct trace *t)
{
	int i;
	for (i = 0; i < t->nr_seen; i++)
		free((void *)t->seen[i]);
}

/*
 * ct.bid(): yes; an atomic's result: yes too (each block may get its own, a
 * range it reserved); other cuda.tile calls: look at their arguments; a user
 * call: unknown.
 */
static int bid_call(const struct trace *t, TSNode call)
{
	char buf[CT_NAME_LEN * 2];
	const char *r = ct_resolve(t->k->file, ct_field(call, "function"), buf, sizeof(buf));

	if (!r)
		return 1;
	return !strcmp(r, "bid") || !strncmp(r, "atomic_", 7) ? 1 : 0;
}

int ct_depends_on_bid(const struct ct_kernel *k, TSNode e)
{
	struct trace t = { k, bid_call, NULL, { 0 }, 0, 1 };
	int r = trace_expr(&t, e, 0);	/* a parameter: no assignment, same in every block */
	trace_release(&t);
	return r;
}

static int guard_call(const struct trace *t, TSNode call)
{
	static const char *const guards[] = { "minimum", "maximum", "where", "min", "max", "mod",
					      "clamp", NULL };
	char buf[CT_NAME_LEN * 2];
	const char *r = ct_resolve(t->k->file, ct_field(call, "function"), buf, sizeof(buf));
	int i;

	if (!r)		/* a user function, Python's min/max, range: may bound it */
		return 1;
	for (i = 0; guards[i]; i++)
		if (!strcmp(r, guards[i]))
			return 1;
	return 0;
}

static int guard_node(const struct trace *t, TSNode n)
{
	uint32_t i, c;

	if (ct_is(n, "attribute") && ct_text_is(t->k->file, ct_field(n, "attribute"), "shape"))
		return 1;
	if (ct_is(n, "binary_operator")) {
		c = ts_node_child_count(n);
		for (i = 0; i < c; i++)
			if (ct_text_is(t->k->file, ts_node_child(n, i), "%"))
				return 1;
	}
	return 0;
}

int ct_is_guarded(const struct ct_kernel *k, TSNode e)
{
	struct trace t = { k, guard_call, guard_node, { 0 }, 0, 1 };
	int r = trace_expr(&t, e, 0);
	trace_release(&t);
	return r;
}

/* The value of name's only assignment in the kernel ("name = value"), or a null node. */
static TSNode only_value(const struct ct_kernel *k, TSNode n, const char *name, int depth,
			 int *count, TSNode *value)
{
	uint32_t i, c;
	TSNode left;

	if (ts_node_is_null(n) || depth > MAX_DEPTH || *count > 1)
		return *value;
	if (ct_is(n, "assignment") || ct_is(n, "augmented_assignment") ||
	    ct_is(n, "for_statement")) {
		left = ct_field(n, "left");
		if (ct_mentions(k->file, left, name)) {
			(*count)++;
			if (ct_is(n, "assignment") && ct_is(left, "identifier"))
				*value = ct_field(n, "right");
			else
				*count = 2;	/* a loop or tuple target: not one value */
		}
	}
	c = ts_node_named_child_count(n);
	for (i = 0; i < c; i++)
		only_value(k, ts_node_named_child(n, i), name, depth + 1, count, value);
	return *value;
}

static int is_primary(TSNode n)
{
	return ct_is(n, "identifier") || ct_is(n, "call") || ct_is(n, "attribute") ||
	       ct_is(n, "integer") || ct_is(n, "subscript");
}

static void canon_at(const struct ct_kernel *k, TSNode e, struct strbuf *out, int depth,
		     int subs, int top)
{
	char name[CT_NAME_LEN];
	TSNode value = { { 0 }, NULL, NULL };
	uint32_t i, c;
	int count = 0;

	if (ts_node_is_null(e) || depth > MAX_DEPTH || ct_is(e, "comment"))
		return;
	while (ct_is(e, "parenthesized_expression") && is_primary(ct_unparen(e)))
		e = ct_unparen(e);
	if (ct_is(e, "tuple") && ts_node_named_child_count(e) == 1) {
		canon_at(k, ts_node_named_child(e, 0), out, depth + 1, subs, top);
		return;
	}
	if (ct_is(e, "attribute") || ct_is(e, "keyword_argument")) {
		/* "a.name", "name=v": the name is no variable */
		TSNode named = ct_field(e, ct_is(e, "attribute") ? "attribute" : "name");
		if (ct_is(e, "attribute"))
			canon_at(k, ct_field(e, "object"), out, depth + 1, subs, 0);
		strbuf_adds(out, ct_is(e, "attribute") ? "." : "");
		strbuf_add(out, k->file->src + ts_node_start_byte(named),
			   ts_node_end_byte(named) - ts_node_start_byte(named));
		if (ct_is(e, "keyword_argument")) {
			strbuf_addch(out, '=');
			canon_at(k, ct_field(e, "value"), out, depth + 1, subs, 0);
		}
		return;
	}
	if (ct_is(e, "identifier") && subs < 8) {
		ct_text(k->file, e, name, sizeof(name));
		value = only_value(k, k->body, name, 0, &count, &value);
		if (count == 1 && !ts_node_is_null(value) && !ct_mentions(k->file, value, name)) {
			int wrap = !top && !is_primary(ct_unparen(value));
			if (wrap)
				strbuf_addch(out, '(');
			canon_at(k, ct_unparen(value), out, depth + 1, subs + 1, top);
			if (wrap)
				strbuf_addch(out, ')');
			return;
		}
	}
	c = ts_node_child_count(e);
	if (c == 0) {
		strbuf_add(out, k->file->src + ts_node_start_byte(e),
			   ts_node_end_byte(e) - ts_node_start_byte(e));
		return;
	}
	for (i = 0; i < c; i++)
		canon_at(k, ts_node_child(e, i), out, depth + 1, subs, 0);
}

void ct_canon(const struct ct_kernel *k, TSNode e, struct strbuf *out)
{
	canon_at(k, ct_unparen(e), out, 0, 0, 1);
}

static int fold_call(const struct trace *t, TSNode call)
{
	static const char *const clamps[] = { "minimum", "maximum", "where", "mod", "floordiv",
					      "cdiv", "bitwise_and", "bitwise_or", "bitwise_xor",
					      "bitwise_rshift", NULL };
	char buf[CT_NAME_LEN * 2];
	const char *r = ct_resolve(t->k->file, ct_field(call, "function"), buf, sizeof(buf));
	int i;

	for (i = 0; r && clamps[i]; i++)
		if (!strcmp(r, clamps[i]))
			return 1;
	return 0;	/* ct.bid, ct.arange, a user function: look at the arguments */
}

static int fold_node(const struct trace *t, TSNode n)
{
	static const char *const folds[] = { "%", "//", ">>", "&", "|", "^", NULL };
	uint32_t i, c;
	int j;

	if (!ct_is(n, "binary_operator"))
		return 0;
	c = ts_node_child_count(n);
	for (i = 0; i < c; i++)
		for (j = 0; folds[j]; j++)
			if (ct_text_is(t->k->file, ts_node_child(n, i), folds[j]))
				return 1;
	return 0;
}

int ct_folds_blocks(const struct ct_kernel *k, TSNode e)
{
	struct trace t = { k, fold_call, fold_node, { 0 }, 0, 0 };
	int r = trace_expr(&t, e, 0);
	trace_release(&t);
	return r;
}

/* A value read from an array: ct.load, ct.gather or an atomic's result. */
static int memory_call(const struct trace *t, TSNode call)
{
	char buf[CT_NAME_LEN * 2];
	const char *r = ct_resolve(t->k->file, ct_field(call, "function"), buf, sizeof(buf));

	if (!r)
		return 0;
	return !strcmp(r, "load") || !strcmp(r, "gather") || !strncmp(r, "atomic_", 7);
}

int ct_reads_memory(const struct ct_kernel *k, TSNode e)
{
	struct trace t = { k, memory_call, NULL, { 0 }, 0, 0 };
	int r = trace_expr(&t, e, 0);
	trace_release(&t);
	return r;
}

/* As bid_call, but a value loaded from memory is data: its index says nothing of e. */
static int bid_not_data_call(const struct trace *t, TSNode call)
{
	char buf[CT_NAME_LEN * 2];
	const char *r = ct_resolve(t->k->file, ct_field(call, "function"), buf, sizeof(buf));

	if (r && (!strcmp(r, "load") || !strcmp(r, "gather")))
		return -1;
	return bid_call(t, call);
}

static int arange_call(const struct trace *t, TSNode call)
{
	char buf[CT_NAME_LEN * 2];
	const char *r = ct_resolve(t->k->file, ct_field(call, "function"), buf, sizeof(buf));
	return r && !strcmp(r, "arange");
}

/* "shape=(1,)", "(1, 1)", "()": one element */
static int one_element(const struct ct_file *f, TSNode shape)
{
	uint32_t i, c;

	shape = ct_unparen(shape);
	if (!ct_is(shape, "tuple"))
		return ct_text_is(f, shape, "1");
	c = ts_node_named_child_count(shape);
	for (i = 0; i < c; i++)
		if (!ct_text_is(f, ts_node_named_child(shape, i), "1"))
			return 0;
	return 1;
}

/*
 * A tile of values read from memory: a ct.load of more than one element,
 * a ct.gather at a ct.arange.  One element read at the block's index
 * (offsets[bid]) may be the block's own entry of a per-block table: not it.
 */
static int data_tile_call(const struct trace *t, TSNode call)
{
	const struct ct_file *f = t->k->file;
	char buf[CT_NAME_LEN * 2];
	const char *r = ct_resolve(f, ct_field(call, "function"), buf, sizeof(buf));
	struct trace a = { t->k, arange_call, NULL, { 0 }, 0, 0 };
	TSNode shape;
	int tile;

	if (!r || !memory_call(t, call))
		return 0;
	if (!strcmp(r, "load")) {
		shape = ct_field(ct_keyword_arg(f, call, "shape"), "value");
		if (ts_node_is_null(shape))
			shape = ct_positional_arg(call, 2);
		return ts_node_is_null(shape) || one_element(f, shape) ? -1 : 1;
	}
	if (strcmp(r, "gather"))
		return -1;
	tile = trace_expr(&a, ct_positional_arg(call, 1), 0);
	trace_release(&a);
	return tile ? 1 : -1;
}

int ct_bid_only_through_data(const struct ct_kernel *k, TSNode e)
{
	struct trace t = { k, bid_not_data_call, NULL, { 0 }, 0, 1 };
	struct trace d = { k, data_tile_call, NULL, { 0 }, 0, 0 };
	int r;

	if (!ct_depends_on_bid(k, e))
		return 0;
	r = trace_expr(&d, e, 0);
	trace_release(&d);
	if (!r)
		return 0;
	r = trace_expr(&t, e, 0);
	trace_release(&t);
	return !r;
}
