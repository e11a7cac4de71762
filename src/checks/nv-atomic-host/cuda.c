/*
 * nv-atomic-host: an __nv_atomic_* builtin called from host code.
 *
 * nvcc accepts the builtins only in device code.  The host-side parse
 * sees exactly what nvcc compiles for the host: __host__ and unannotated
 * functions, and __host__ __device__ functions outside #ifdef __CUDA_ARCH__
 * (inside such a guard the call is preprocessed away there).  So the check
 * runs on the host parse only and flags every builtin call whose enclosing
 * function is compiled for the host.
 *
 * The note chain names the enclosing function and, walking the host call
 * graph of the translation unit upwards, the host functions that reach it.
 */
#include <stdlib.h>
#include <string.h>

#include "parse/arch_dependence.h"
#include "parse/ast.h"
#include "parse/check.h"
#include "parse/user_words.h"
#include "parse/check_option.h"
#include "cuatomlint/strbuf.h"
#include "atomics/nv_atomic.h"

#define MAX_CHAIN 32	/* the most host callers MaxCallerNotes may ask for */

struct call_edge {
	CXCursor caller;	/* function containing the call */
	CXCursor callee;	/* canonical callee declaration */
	CXCursor site;		/* the CallExpr */
};

struct offence {
	CXCursor call;
	CXCursor function;
	enum cal_space space;
};

struct host_state {
	struct call_edge *edges;
	size_t nr_edges, alloc_edges;
	struct offence *offences;
	size_t nr_offences, alloc_offences;
	int max_notes;		/* MaxCallerNotes */
};

static void *host_begin(struct cal_walk *w)
{
	struct host_state *st = xcalloc(1, sizeof(struct host_state));
	st->max_notes = (int)cal_option_int(w, "MaxCallerNotes");
	return st;
}

static void record_edge(struct host_state *st, struct cal_walk *w, CXCursor call)
{
	CXCursor callee = cal_call_callee(call);
	struct call_edge *e;

	if (clang_Cursor_isNull(callee) || clang_Cursor_isNull(w->function))
		return;
	GROW(st->edges, st->alloc_edges, st->nr_edges + 1);
	e = &st->edges[st->nr_edges++];
	e->caller = clang_getCanonicalCursor(w->function);
	e->callee = clang_getCanonicalCursor(callee);
	e->site = call;
}

static void host_visit(struct cal_walk *w, CXCursor c, void *state)
{
	struct host_state *st = state;
	struct offence *o;

	if (!w->parse->is_host || !cal_walk_in_host_code(w))
		return;
	record_edge(st, w, c);
	if (clang_Cursor_isNull(cal_nv_atomic_callee(w, c)))
		return;
	GROW(st->offences, st->alloc_offences, st->nr_offences + 1);
	o = &st->offences[st->nr_offences++];
	o->call = c;
	o->function = w->function;
	o->space = w->space;
}

static const struct call_edge *find_caller(const struct host_state *st, CXCursor fn,
					   CXCursor *seen, int nr_seen)
{
	CXCursor canon = clang_getCanonicalCursor(fn);
	size_t i;
	int j;

	for (i = 0; i < st->nr_edges; i++) {
		if (!clang_equalCursors(st->edges[i].callee, canon))
			continue;
		for (j = 0; j < nr_seen; j++)
			if (clang_equalCursors(seen[j], st->edges[i].caller))
				break;
		if (j == nr_seen)
			return &st->edges[i];
	}
	return NULL;
}

static const char *space_words(enum cal_space s)
{
	return s == CAL_SPACE_HOST_DEVICE ? "__host__ __device__ function" : "host function";
}

static void add_caller_chain(struct cal_walk *w, struct cal_finding *f,
			     const struct host_state *st, CXCursor fn)
{
	CXCursor seen[MAX_CHAIN + 1];
	int depth;

	seen[0] = clang_getCanonicalCursor(fn);
	for (depth = 0; depth < st->max_notes; depth++) {
		const struct call_edge *e = find_caller(st, fn, seen, depth + 1);
		char *callee, *caller;
		if (!e)
			break;
		callee = cal_cursor_name(fn);
		caller = cal_cursor_name(e->caller);
		cal_note_at(w, f, e->site, "'%s' is called from host function '%s' here",
			    callee, caller);
		free(callee);
		free(caller);
		fn = e->caller;
		seen[depth + 1] = e->caller;
	}
}

static void report_offence(struct cal_walk *w, const struct host_state *st,
			   const struct offence *o)
{
	CXCursor callee = cal_call_callee(o->call);
	char *name = cal_cursor_name(callee);
	char *fn = cal_cursor_name(o->function);
	struct cal_finding *f;

	f = cal_report(w, o->call,
		       "'%s' called from host code: nvcc accepts __nv_atomic_* builtins "
		       "only in device functions", name);
	if (o->space == CAL_SPACE_HOST_DEVICE)
		cal_note_at(w, f, o->function,
			    "'%s' is a %s compiled for the host too; guard the call with "
			    "#ifdef __CUDA_ARCH__ or make the function __device__",
			    fn, space_words(o->space));
	else
		cal_note_at(w, f, o->function, "'%s' is a %s", fn, space_words(o->space));
	add_caller_chain(w, f, st, o->function);
	free(name);
	free(fn);
}

static void host_end(struct cal_walk *w, void *state)
{
	struct host_state *st = state;
	size_t i;

	for (i = 0; i < st->nr_offences; i++)
		report_offence(w, st, &st->offences[i]);
	free(st->edges);
	free(st->offences);
	free(st);
}

/*
 * A device parse sees host code too, except what #ifndef __CUDA_ARCH__
 * hides from the GPU (the run makes the host parse for such code anyway),
 * but judges no host code: the host parse is needed where a line the
 * host's path reads names an __nv_atomic_* builtin (CUTLASS names them only
 * under #if defined(__CUDA_ARCH__), which the host parse never sees).
 */
static const char *host_parse_wanted(const struct cal_tu_facts *facts)
{
	return facts->host_nv_atomic_where;
}

const struct cal_check cal_check_nv_atomic_host = {
	.id = "nv-atomic-host",
	.severity = CAL_SEV_ERROR,
	.enabled_by_default = 1,
	.summary = "__nv_atomic_* builtin called from host code, where nvcc rejects it",
	.doc = "nv-atomic-host.md",
	.kinds = CAL_KINDS(CXCursor_CallExpr),
	.needs_words = CAL_WORD_ATOMIC,
	.wants_host_parse = host_parse_wanted,
	.begin = host_begin,
	.visit = host_visit,
	.end = host_end,
	.options = (const struct cal_check_option[]){
		{ "MaxCallerNotes", CAL_OPTION_INT, "4", 0, MAX_CHAIN,
		  "host callers named in notes, from the offending function outwards" },
		{ .name = NULL },
	},
};
