#include "cutile/tree.h"

#include <stdio.h>
#include <string.h>

const TSLanguage *tree_sitter_python(void);

int ct_file_parse(struct ct_file *f, const char *path, const char *text, size_t len)
{
	TSParser *p = ts_parser_new();

	memset(f, 0, sizeof(*f));
	f->path = path;
	f->src = text;
	f->len = len;
	if (!p)
		return -1;
	if (len > UINT32_MAX || !ts_parser_set_language(p, tree_sitter_python())) {
		ts_parser_delete(p);
		return -1;
	}
	f->tree = ts_parser_parse_string(p, NULL, text, (uint32_t)len);
	ts_parser_delete(p);
	return f->tree ? 0 : -1;
}

void ct_file_release(struct ct_file *f)
{
	if (f->tree)
		ts_tree_delete(f->tree);
	f->tree = NULL;
}

int ct_is(TSNode n, const char *type)
{
	return !ts_node_is_null(n) && !strcmp(ts_node_type(n), type);
}

TSNode ct_field(TSNode n, const char *field)
{
	if (ts_node_is_null(n))
		return n;
	return ts_node_child_by_field_name(n, field, (uint32_t)strlen(field));
}

int ct_text_is(const struct ct_file *f, TSNode n, const char *s)
{
	uint32_t b, e;
	size_t m = strlen(s);

	if (ts_node_is_null(n))
		return 0;
	b = ts_node_start_byte(n);
	e = ts_node_end_byte(n);
	return e >= b && e <= f->len && e - b == m && !memcmp(f->src + b, s, m);
}

char *ct_text(const struct ct_file *f, TSNode n, char *buf, size_t size)
{
	uint32_t b, e;
	size_t m;

	buf[0] = '\0';
	if (ts_node_is_null(n) || !size)
		return buf;
	b = ts_node_start_byte(n);
	e = ts_node_end_byte(n);
	if (e < b || e > f->len)
		return buf;
	m = e - b < size - 1 ? e - b : size - 1;
	memcpy(buf, f->src + b, m);
	buf[m] = '\0';
	return buf;
}

TSNode ct_unparen(TSNode n)
{
	while (ct_is(n, "parenthesized_expression") && ts_node_named_child_count(n) == 1)
		n = ts_node_named_child(n, 0);
	return n;
}

static void bind(struct ct_file *f, const char *local, const char *member)
{
	int i;

	if (strlen(local) >= CT_NAME_LEN || strlen(member) >= CT_NAME_LEN)
		return;
	for (i = 0; i < f->nr_names; i++)
		if (!strcmp(f->names[i].local, local))
			break;
	if (i == f->nr_names) {
		if (f->nr_names == CT_MAX_NAMES)
			return;
		f->nr_names++;
	}
	memcpy(f->names[i].local, local, strlen(local) + 1);
	memcpy(f->names[i].member, member, strlen(member) + 1);
}

/* "import cuda.tile as ct", "import cuda.tile" */
static void import_statement(struct ct_file *f, TSNode st)
{
	uint32_t i, n = ts_node_named_child_count(st);
	char alias[CT_NAME_LEN];

	for (i = 0; i < n; i++) {
		TSNode c = ts_node_named_child(st, i);
		if (ct_is(c, "aliased_import") && ct_text_is(f, ct_field(c, "name"), "cuda.tile"))
			bind(f, ct_text(f, ct_field(c, "alias"), alias, sizeof(alias)), "");
		else if (ct_is(c, "dotted_name") && ct_text_is(f, c, "cuda.tile"))
			f->dotted_import = 1;
	}
}

/* "from cuda.tile import a, b as c", "from cuda import tile as ct" */
static void import_from(struct ct_file *f, TSNode st)
{
	TSNode mod = ct_field(st, "module_name");
	uint32_t i, n = ts_node_named_child_count(st);
	int from_tile = ct_text_is(f, mod, "cuda.tile"), from_cuda = ct_text_is(f, mod, "cuda");
	char name[CT_NAME_LEN], local[CT_NAME_LEN];

	if (!from_tile && !from_cuda)
		return;
	for (i = 0; i < n; i++) {
		TSNode c = ts_node_named_child(st, i), nm = c;
		if (ts_node_start_byte(c) == ts_node_start_byte(mod))
			continue;
		if (ct_is(c, "aliased_import"))
			nm = ct_field(c, "name");
		else if (!ct_is(c, "dotted_name"))
			continue;
		ct_text(f, nm, name, sizeof(name));
		ct_text(f, ct_is(c, "aliased_import") ? ct_field(c, "alias") : c, local,
			sizeof(local));
		if (from_tile && !strchr(name, '.'))
			bind(f, local, name);
		else if (from_cuda && !strcmp(name, "tile"))
			bind(f, local, "");
	}
}

static void scan_imports(struct ct_file *f, TSNode n, int depth)
{
	uint32_t i, k;

	if (depth > 64)
		return;
	k = ts_node_named_child_count(n);
	for (i = 0; i < k; i++) {
		TSNode c = ts_node_named_child(n, i);
		if (ct_is(c, "import_statement"))
			import_statement(f, c);
		else if (ct_is(c, "import_from_statement"))
			import_from(f, c);
		else if (ct_is(c, "if_statement") || ct_is(c, "try_statement") ||
			 ct_is(c, "block") || ct_is(c, "else_clause") ||
			 ct_is(c, "except_clause") || ct_is(c, "finally_clause"))
			scan_imports(f, c, depth + 1);
	}
}

static const char *lookup(const struct ct_file *f, const char *local)
{
	int i;
	for (i = 0; i < f->nr_names; i++)
		if (!strcmp(f->names[i].local, local))
			return f->names[i].member;
	return NULL;
}

static int in_list(const char *const *list, const char *s)
{
	for (; *list; list++)
		if (!strcmp(*list, s))
			return 1;
	return 0;
}

/* Is child (a node under p) what p's field names? */
static int is_field(TSNode p, const char *field, TSNode child)
{
	TSNode n = ct_field(p, field);
	return !ts_node_is_null(n) && ts_node_start_byte(n) <= ts_node_start_byte(child) &&
	       ts_node_end_byte(child) <= ts_node_end_byte(n);
}

/* Nodes a bound name may sit in without being the target itself: "a, B = ...". */
static const char *const target_wrappers[] = {
	"pattern_list", "tuple_pattern", "list_pattern", "tuple", "list",
	"parenthesized_expression", "list_splat_pattern", "dictionary_splat_pattern", NULL
};

/* Does id (re)bind its name: an assignment target, a parameter, an import, a def... */
static int binds_name(TSNode id)
{
	static const char *const binders[] = {
		"parameters", "lambda_parameters", "global_statement", "nonlocal_statement",
		"as_pattern_target", "delete_statement", "aliased_import", "dotted_name",
		"case_pattern", "typed_parameter", NULL
	};
	TSNode c = id, p = ts_node_parent(id);
	int depth;

	for (depth = 0; !ts_node_is_null(p) && depth < 64; depth++) {
		const char *t = ts_node_type(p);
		if (!strcmp(t, "typed_parameter"))
			return !is_field(p, "type", c);
		if (!strcmp(t, "default_parameter") || !strcmp(t, "typed_default_parameter"))
			return is_field(p, "name", c);
		if (in_list(binders, t))
			return 1;
		if (!strcmp(t, "assignment") || !strcmp(t, "augmented_assignment") ||
		    !strcmp(t, "for_statement") || !strcmp(t, "for_in_clause"))
			return is_field(p, "left", c);
		if (!strcmp(t, "named_expression") || !strcmp(t, "function_definition") ||
		    !strcmp(t, "class_definition"))
			return is_field(p, "name", c);
		if (!in_list(target_wrappers, t))
			return 0;
		c = p;
		p = ts_node_parent(p);
	}
	return 1;
}

struct rebind_scan {
	const struct ct_file *f;
	const char *name;
	TSNode def;		/* the one binding allowed */
	int found;
};

static void find_rebinding(struct rebind_scan *s, TSNode n, int depth)
{
	uint32_t i, k = ts_node_named_child_count(n);

	if (s->found || depth > 256)
		return;
	if (ct_is(n, "identifier") && !ts_node_eq(n, s->def) && ct_text_is(s->f, n, s->name) &&
	    binds_name(n)) {
		s->found = 1;
		return;
	}
	for (i = 0; i < k; i++)
		find_rebinding(s, ts_node_named_child(n, i), depth + 1);
}

/*
 * "BLOCK = ct.MemoryScope.BLOCK" at module level: BLOCK names the member
 * wherever the module uses it, unless the name is bound anywhere else too
 * (reassigned, a parameter, a local, imported): then it may be something else.
 */
static void module_member_alias(struct ct_file *f, TSNode st)
{
	TSNode a = ts_node_named_child(st, 0), left, right;
	char name[CT_NAME_LEN], buf[CT_NAME_LEN * 2];
	struct rebind_scan s;
	const char *m;

	if (ts_node_named_child_count(st) != 1 || !ct_is(a, "assignment"))
		return;
	left = ct_field(a, "left");
	right = ct_field(a, "right");
	if (!ct_is(left, "identifier") || ts_node_is_null(right) ||
	    !(m = ct_resolve(f, right, buf, sizeof(buf))) ||
	    (strncmp(m, "MemoryScope.", 12) && strncmp(m, "MemoryOrder.", 12)))
		return;
	ct_text(f, left, name, sizeof(name));
	if (lookup(f, name))
		return;
	s.f = f;
	s.name = name;
	s.def = left;
	s.found = 0;
	find_rebinding(&s, ts_tree_root_node(f->tree), 0);
	if (!s.found)
		bind(f, name, m);
}

void ct_resolve_imports(struct ct_file *f)
{
	TSNode root = ts_tree_root_node(f->tree);
	uint32_t i, n;

	scan_imports(f, root, 0);
	/* in order, so that "B = A" follows an alias A defined above it */
	n = ts_node_named_child_count(root);
	for (i = 0; i < n; i++)
		if (ct_is(ts_node_named_child(root, i), "expression_statement"))
			module_member_alias(f, ts_node_named_child(root, i));
}

const char *ct_resolve(const struct ct_file *f, TSNode n, char *buf, size_t size)
{
	char name[CT_NAME_LEN], obj[CT_NAME_LEN * 2];
	const char *m;

	n = ct_unparen(n);
	if (ct_is(n, "identifier")) {
		m = lookup(f, ct_text(f, n, name, sizeof(name)));
		if (!m || strlen(m) >= size)
			return NULL;
		memcpy(buf, m, strlen(m) + 1);
		return buf;
	}
	if (!ct_is(n, "attribute"))
		return NULL;
	ct_text(f, ct_field(n, "attribute"), name, sizeof(name));
	if (f->dotted_import && ct_text_is(f, ct_field(n, "object"), "cuda") &&
	    !strcmp(name, "tile")) {
		buf[0] = '\0';
		return buf;
	}
	if (!ct_resolve(f, ct_field(n, "object"), obj, sizeof(obj)))
		return NULL;
	if ((size_t)snprintf(buf, size, "%s%s%s", obj, *obj ? "." : "", name) >= size)
		return NULL;
	return buf;
}

int ct_is_call_of(const struct ct_file *f, TSNode n, const char *member)
{
	char buf[CT_NAME_LEN * 2];
	const char *r;

	if (!ct_is(n, "call"))
		return 0;
	r = ct_resolve(f, ct_field(n, "function"), buf, sizeof(buf));
	return r && !strcmp(r, member);
}

TSNode ct_keyword_arg(const struct ct_file *f, TSNode call, const char *name)
{
	TSNode args = ct_field(call, "arguments"), none = { { 0 }, NULL, NULL };
	uint32_t i, n;

	if (ts_node_is_null(args))
		return none;
	n = ts_node_named_child_count(args);
	for (i = 0; i < n; i++) {
		TSNode c = ts_node_named_child(args, i);
		if (ct_is(c, "keyword_argument") && ct_text_is(f, ct_field(c, "name"), name))
			return c;
	}
	return none;
}

TSNode ct_positional_arg(TSNode call, unsigned want)
{
	TSNode args = ct_field(call, "arguments"), none = { { 0 }, NULL, NULL };
	uint32_t i, n, k = 0;

	if (ts_node_is_null(args) || !ct_is(args, "argument_list"))
		return none;
	n = ts_node_named_child_count(args);
	for (i = 0; i < n; i++) {
		TSNode c = ts_node_named_child(args, i);
		if (ct_is(c, "keyword_argument") || ct_is(c, "comment") ||
		    ct_is(c, "list_splat") || ct_is(c, "dictionary_splat"))
			continue;
		if (k++ == want)
			return c;
	}
	return none;
}

const char *ct_module_name(const struct ct_file *f)
{
	int i;
	for (i = 0; i < f->nr_names; i++)
		if (!f->names[i].member[0])
			return f->names[i].local;
	return f->dotted_import ? "cuda.tile" : NULL;
}
