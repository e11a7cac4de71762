/*
 * The call/reference graph of one parse and the functions reachable from
 * its roots (reach.h says what counts).  Nodes are canonical function
 * cursors in a hash table; edges are kept as pairs and turned into
 * adjacency lists once, at the end.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "parse/ast.h"
#include "cuatomlint/strbuf.h"
#include "analysis/reach.h"

#define NO_NODE ((size_t)-1)	/* "always reachable": no node to ask */

struct node {
	CXCursor fn;		/* canonical */
	int seed;		/* reachable whatever calls it */
	int explicit_spec;	/* an explicit specialization written in the code */
	int instantiated;	/* a template with a specialization in this parse */
	int reachable;
};

struct edge { size_t from, to; };
struct deferred {
	const char *message;	/* the finding's own string: names it in w->out */
	size_t node;
	enum cal_reach_when when;
};

struct cal_reach {
	struct node *nodes;
	size_t nr_nodes, alloc_nodes;
	size_t *slots;		/* node index + 1; 0 is empty */
	size_t nr_slots;
	struct edge *edges;
	size_t nr_edges, alloc_edges;
	struct deferred *deferred;
	size_t nr_deferred, alloc_deferred;
	int explicit_instantiations;	/* the main file may hold one */
	CXCursor last_instance;		/* the specialization last marked */
	int users;			/* checks that asked for it and have not ended */
	unsigned long fed;		/* the walk's visit number last fed (another user's) */
};

struct cal_reach *cal_reach_share(struct cal_walk *w)
{
	if (!w->reach)
		w->reach = xcalloc(1, sizeof(struct cal_reach));
	w->reach->users++;
	return w->reach;
}

static void rehash(struct cal_reach *r)
{
	size_t i, s;

	free(r->slots);
	r->nr_slots = r->nr_slots ? r->nr_slots * 2 : 256;
	r->slots = xcalloc(r->nr_slots, sizeof(*r->slots));
	for (i = 0; i < r->nr_nodes; i++) {
		s = clang_hashCursor(r->nodes[i].fn) & (r->nr_slots - 1);
		while (r->slots[s])
			s = (s + 1) & (r->nr_slots - 1);
		r->slots[s] = i + 1;
	}
}

static void add_edge(struct cal_reach *r, size_t from, size_t to)
{
	if (from == to)
		return;
	GROW(r->edges, r->alloc_edges, r->nr_edges + 1);
	r->edges[r->nr_edges].from = from;
	r->edges[r->nr_edges++].to = to;
}

/* The node of canonical function cursor fn, made on first use. */
static size_t node_of(struct cal_reach *r, CXCursor fn)
{
	size_t s, id;
	CXCursor tmpl;

	if (2 * (r->nr_nodes + 1) > r->nr_slots)
		rehash(r);
	s = clang_hashCursor(fn) & (r->nr_slots - 1);
	for (; r->slots[s]; s = (s + 1) & (r->nr_slots - 1))
		if (clang_equalCursors(r->nodes[r->slots[s] - 1].fn, fn))
			return r->slots[s] - 1;
	GROW(r->nodes, r->alloc_nodes, r->nr_nodes + 1);
	id = r->nr_nodes++;
	memset(&r->nodes[id], 0, sizeof(r->nodes[id]));
	r->nodes[id].fn = fn;
	r->slots[s] = id + 1;
	/* a specialization makes its pattern's written code emitted */
	tmpl = clang_getSpecializedCursorTemplate(fn);
	if (!clang_Cursor_isNull(tmpl)) {
		size_t t = node_of(r, clang_getCanonicalCursor(tmpl));	/* may move r->nodes */
		r->nodes[t].instantiated = 1;
		add_edge(r, id, t);
	}
	return id;
}

static int is_member_kind(enum CXCursorKind k)
{
	return k == CXCursor_CXXMethod || k == CXCursor_Constructor ||
	       k == CXCursor_Destructor || k == CXCursor_ConversionFunction;
}

/*
 * A member function whose every call the walk sees by name: a plain
 * (static or not) method that is not virtual (a vtable makes it emitted)
 * and not an operator, constructor, destructor or conversion, which run
 * from code that does not name them (implicit conversions and
 * destruction, library templates calling a functor's operator()).  Such a
 * member is emitted only where a reachable function calls it or takes its
 * address, as nvcc does with an in-class (inline) member.
 */
static int is_tracked_member(CXCursor fn)
{
	CXString name;
	int op;

	if (clang_getCursorKind(fn) != CXCursor_CXXMethod || clang_CXXMethod_isVirtual(fn))
		return 0;
	name = clang_getCursorSpelling(fn);
	op = !clang_getCString(name) || !strncmp(clang_getCString(name), "operator", 8);
	clang_disposeString(name);
	return !op;
}

/* A member of a class template's written code: its specializations are emitted, not it. */
static int is_pattern_member(CXCursor fn)
{
	enum CXCursorKind k = clang_getCursorKind(clang_getCursorSemanticParent(fn));

	return is_member_kind(clang_getCursorKind(fn)) &&
	       (k == CXCursor_ClassTemplate || k == CXCursor_ClassTemplatePartialSpecialization);
}

/*
 * The node that owns code of function fn: a lambda's (local class's)
 * member belongs to the function it is written in; a tracked member of
 * another class is its own node; other members, and code outside
 * functions, are NO_NODE (counted reachable).  A lambda written in host
 * code is NO_NODE too (an extended __device__ lambda is launched through
 * a kernel template the tool may not see).
 */
static size_t owner_of(struct cal_reach *r, CXCursor fn, int in_lambda)
{
	CXCursor record, outer;

	while (!clang_Cursor_isNull(fn) && is_member_kind(clang_getCursorKind(fn))) {
		record = clang_getCursorSemanticParent(fn);
		outer = clang_getCursorSemanticParent(record);
		if (!cal_is_function_kind(clang_getCursorKind(outer))) {
			if (!is_tracked_member(fn) ||
			    (in_lambda && cal_function_space(fn) == CAL_SPACE_HOST))
				return NO_NODE;
			return node_of(r, clang_getCanonicalCursor(fn));
		}
		fn = outer;
		in_lambda = 1;
	}
	if (clang_Cursor_isNull(fn) || !cal_is_function_kind(clang_getCursorKind(fn)))
		return NO_NODE;
	if (in_lambda && cal_function_space(fn) == CAL_SPACE_HOST)
		return NO_NODE;
	return node_of(r, clang_getCanonicalCursor(fn));
}

static int inside_lambda(const struct cal_walk *w)
{
	int i;

	for (i = w->depth - 1; i >= 0; i--) {
		enum CXCursorKind k = clang_getCursorKind(w->stack[i]);
		if (k == CXCursor_LambdaExpr)
			return 1;
		if (cal_is_function_kind(k))
			return 0;
	}
	return 0;
}

/* The function a reference or call names, or a null cursor. */
static CXCursor referenced_function(CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor ref;

	if (k != CXCursor_DeclRefExpr && k != CXCursor_MemberRefExpr && k != CXCursor_CallExpr)
		return clang_getNullCursor();
	ref = clang_getCursorReferenced(c);
	if (clang_Cursor_isNull(ref) || !cal_is_function_kind(clang_getCursorKind(ref)) ||
	    (is_member_kind(clang_getCursorKind(ref)) && !is_tracked_member(ref)))
		return clang_getNullCursor();	/* such members count reachable anyway */
	return clang_getCanonicalCursor(ref);
}

/* An explicit specialization (or instantiation) written in the code. */
static void note_written_specialization(struct cal_reach *r, CXCursor c)
{
	size_t id;

	if (clang_getCursorKind(c) != CXCursor_FunctionDecl ||
	    clang_Cursor_isNull(clang_getSpecializedCursorTemplate(c)))
		return;
	id = node_of(r, clang_getCanonicalCursor(c));	/* may move r->nodes */
	r->nodes[id].explicit_spec = 1;
}

/* The instantiation being walked makes its template's pattern analysed. */
static void note_instance(struct cal_reach *r, CXCursor fn)
{
	if (clang_Cursor_isNull(fn) || clang_equalCursors(fn, r->last_instance) ||
	    clang_Cursor_isNull(clang_getSpecializedCursorTemplate(fn)))
		return;
	r->last_instance = fn;
	node_of(r, clang_getCanonicalCursor(fn));
}

void cal_reach_visit(struct cal_reach *r, const struct cal_walk *w, CXCursor c)
{
	CXCursor target;
	size_t from, to;

	if (r->fed == w->visits)
		return;		/* another check fed this cursor already */
	r->fed = w->visits;
	if (!w->in_instantiation)
		note_written_specialization(r, c);
	else
		note_instance(r, w->function);
	target = referenced_function(c);
	if (clang_Cursor_isNull(target))
		return;
	to = node_of(r, target);
	from = owner_of(r, w->function, inside_lambda(w));
	if (from == NO_NODE)
		r->nodes[to].seed = 1;
	else
		add_edge(r, from, to);
}

/* The function template whose written (uninstantiated) code is walked. */
static size_t pattern_of(struct cal_reach *r, const struct cal_walk *w)
{
	if (w->in_instantiation || clang_Cursor_isNull(w->function) ||
	    clang_getCursorKind(w->function) != CXCursor_FunctionTemplate)
		return NO_NODE;
	return node_of(r, clang_getCanonicalCursor(w->function));
}

void cal_reach_defer(struct cal_reach *r, const struct cal_walk *w,
		     const struct cal_finding *f, enum cal_reach_when when)
{
	if (!r || f != &w->pending || !w->has_pending)
		return;		/* dropped by cal_report: no location */
	GROW(r->deferred, r->alloc_deferred, r->nr_deferred + 1);
	/* the message string moves with the finding: it names it in w->out */
	r->deferred[r->nr_deferred].message = f->message;
	r->deferred[r->nr_deferred].when = when;
	r->deferred[r->nr_deferred++].node = when == CAL_REACH_EMITTED ?
		owner_of(r, w->function, inside_lambda(w)) : pattern_of(r, w);
}

/*
 * Does the main file hold an explicit instantiation definition
 * ("template void f<int>(int *);": 'template' neither followed by '<' nor
 * after 'extern', '.', '->' or '::')?  libclang shows no cursor for one,
 * so specializations cannot tell it from an implicit instantiation: where
 * the file has one, every specialization counts as possibly explicit.
 */
static int token_is(CXTranslationUnit tu, const CXToken *toks, unsigned n, unsigned i,
		    const char *text)
{
	CXString sp;
	int same;

	if (i >= n)	/* i - 1 from 0 wraps past n too */
		return 0;
	sp = clang_getTokenSpelling(tu, toks[i]);
	same = !strcmp(clang_getCString(sp), text);
	clang_disposeString(sp);
	return same;
}

static int has_explicit_instantiation(CXTranslationUnit tu, const char *main_file)
{
	CXFile file = clang_getFile(tu, main_file);
	CXToken *toks = NULL;
	unsigned n = 0, i;
	size_t size = 0;
	int found = 0;

	if (!file || !cal_file_contents(tu, file, &size))
		return 1;	/* unknown: assume one */
	clang_tokenize(tu, clang_getRange(clang_getLocationForOffset(tu, file, 0),
					  clang_getLocationForOffset(tu, file, (unsigned)size)),
		       &toks, &n);
	for (i = 0; i < n && !found; i++) {
		CXString sp = clang_getTokenSpelling(tu, toks[i]);
		found = clang_getTokenKind(toks[i]) == CXToken_Keyword &&
			!strcmp(clang_getCString(sp), "template") &&
			!token_is(tu, toks, n, i + 1, "<") && !token_is(tu, toks, n, i - 1, "extern") &&
			!token_is(tu, toks, n, i - 1, ".") && !token_is(tu, toks, n, i - 1, "->") &&
			!token_is(tu, toks, n, i - 1, "::");
		clang_disposeString(sp);
	}
	clang_disposeTokens(tu, toks, n);
	return found;
}

/* Emitted whoever calls it: a kernel, or an exported non-inline device function. */
static int is_root(const struct cal_reach *r, const struct node *n)
{
	CXCursor def = clang_getCursorDefinition(n->fn);
	enum cal_space space;

	if (clang_Cursor_isNull(def))
		def = n->fn;
	if (clang_getCursorKind(def) == CXCursor_FunctionTemplate || is_pattern_member(def))
		return 0;	/* its specializations are */
	space = cal_function_space(def);
	if (space == CAL_SPACE_GLOBAL)
		return 1;
	if (!(space & CAL_SPACE_DEVICE))
		return 0;
	if (!clang_Cursor_isNull(clang_getSpecializedCursorTemplate(def)) && !n->explicit_spec &&
	    !r->explicit_instantiations)
		return 0;	/* an implicit instantiation: emitted where used */
	return clang_getCursorLinkage(def) == CXLinkage_External &&
	       !clang_Cursor_isFunctionInlined(def);
}

static void propagate(struct cal_reach *r)
{
	size_t *start = xcalloc(r->nr_nodes + 1, sizeof(*start));
	size_t *adj = xcalloc(r->nr_edges + 1, sizeof(*adj));
	size_t *fill = xcalloc(r->nr_nodes + 1, sizeof(*fill));
	size_t *queue = xcalloc(r->nr_nodes + 1, sizeof(*queue));
	size_t i, e, head = 0, tail = 0;

	for (e = 0; e < r->nr_edges; e++)
		start[r->edges[e].from + 1]++;
	for (i = 0; i < r->nr_nodes; i++)
		start[i + 1] += start[i];
	for (e = 0; e < r->nr_edges; e++)
		adj[start[r->edges[e].from] + fill[r->edges[e].from]++] = r->edges[e].to;
	for (i = 0; i < r->nr_nodes; i++) {
		if (r->nodes[i].seed || is_root(r, &r->nodes[i])) {
			r->nodes[i].reachable = 1;
			queue[tail++] = i;
		}
	}
	while (head < tail) {
		i = queue[head++];
		for (e = start[i]; e < start[i + 1]; e++) {
			if (r->nodes[adj[e]].reachable)
				continue;
			r->nodes[adj[e]].reachable = 1;
			queue[tail++] = adj[e];
		}
	}
	free(start);
	free(adj);
	free(fill);
	free(queue);
}

static int cmp_ptr(const void *a, const void *b)
{
	uintptr_t x = (uintptr_t)*(const char *const *)a, y = (uintptr_t)*(const char *const *)b;

	return x < y ? -1 : x > y;
}

/* The messages of the deferred findings of unreachable functions, sorted. */
static size_t unreachable_messages(const struct cal_reach *r, const char **out)
{
	size_t i, n = 0;

	for (i = 0; i < r->nr_deferred; i++) {
		const struct deferred *d = &r->deferred[i];
		if (d->node == NO_NODE)
			continue;
		if (d->when == CAL_REACH_EMITTED ? !r->nodes[d->node].reachable :
		    !r->nodes[d->node].instantiated)
			out[n++] = d->message;
	}
	qsort(out, n, sizeof(*out), cmp_ptr);
	return n;
}

static void drop_unreachable(struct cal_reach *r, const struct cal_walk *w,
			     struct cal_findings *found)
{
	const char **drop = xcalloc(r->nr_deferred, sizeof(*drop));
	size_t i, kept = 0, n;

	r->explicit_instantiations = has_explicit_instantiation(w->parse->tu,
								 w->parse->main_file);
	propagate(r);
	n = unreachable_messages(r, drop);
	for (i = 0; i < found->nr; i++) {
		const char *m = found->items[i].message;
		if (n && bsearch(&m, drop, n, sizeof(*drop), cmp_ptr)) {
			cal_finding_clear(&found->items[i]);
			continue;
		}
		found->items[kept++] = found->items[i];
	}
	found->nr = kept;
	free(drop);
}

void cal_reach_end(struct cal_reach *r, struct cal_walk *w)
{
	if (--r->users > 0)
		return;
	w->reach = NULL;
	if (r->nr_deferred)
		drop_unreachable(r, w, w->out);
	free(r->nodes);
	free(r->slots);
	free(r->edges);
	free(r->deferred);
	free(r);
}
