/*
 * The one walk: visit every cursor of the user's code once per parse and
 * hand it to each enabled check.
 *
 * libclang's visitor shows the template pattern, not its instantiations.
 * Checks that judge types ("atomicAdd on double") must see the
 * instantiation the user's call creates, so when the walk meets a call to
 * a function template specialization it also walks that specialization's
 * body, once per parse.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "ast.h"
#include "check.h"
#include "opencl/opencl.h"
#include "cuatomlint/strbuf.h"

struct seen_set {
	CXCursor *items;
	size_t nr, alloc;
};

struct walker {
	struct cal_walk w;
	struct seen_set instantiated;
};

static void walk_children(struct walker *wk, CXCursor c);

/* OpenCL C has no host code: a kernel is launched like __global__, the rest is device code. */
static enum cal_space function_space(const struct cal_walk *w, CXCursor fn)
{
	if (w->parse->opencl)
		return cal_ocl_function_space(fn);
	return cal_function_space(fn);
}

/* Enabled, and (in an OpenCL parse) one of the checks that know OpenCL C. */
static int check_runs(const struct cal_parse_info *parse, const int *enabled, int i)
{
	return enabled[i] && (!parse->opencl || cal_ocl_check_applies(cal_checks[i]));
}

int cal_walk_in_device_code(const struct cal_walk *w)
{
	return !w->parse->is_host && (w->space & CAL_SPACE_DEVICE);
}

int cal_walk_in_host_code(const struct cal_walk *w)
{
	return w->parse->is_host && (w->space & CAL_SPACE_HOST);
}

uint64_t cal_walk_targets_below(const struct cal_walk *w, unsigned min_sm)
{
	const struct cal_target_set *set = w->parse->targets;
	uint64_t mask = 0;
	int i;

	if (w->parse->is_host)
		return 0;
	for (i = 0; i < set->n; i++)
		if ((w->parse->arch_mask & ((uint64_t)1 << i)) && set->t[i].sm < min_sm)
			mask |= (uint64_t)1 << i;
	return mask;
}

CXCursor cal_walk_parent(const struct cal_walk *w, int n)
{
	if (n < 0 || n >= w->depth)
		return clang_getNullCursor();
	return w->stack[w->depth - 1 - n];
}

int cal_walk_decl_in_prelude(const struct cal_walk *w, CXCursor decl)
{
	CXFile file;
	char *name;
	int r;

	if (!w->parse->prelude_path)
		return 0;
	clang_getExpansionLocation(clang_getCursorLocation(decl), &file, NULL, NULL, NULL);
	if (!file)
		return 0;
	name = cal_take_string(clang_getFileName(file));
	r = !strncmp(name, w->parse->prelude_path, strlen(w->parse->prelude_path));
	free(name);
	return r;
}

int cal_walk_decl_from_cuda(const struct cal_walk *w, CXCursor decl)
{
	return cal_cursor_in_system_header(decl) || cal_walk_decl_in_prelude(w, decl);
}

static enum CXChildVisitResult type_param_visitor(CXCursor c, CXCursor parent,
						  CXClientData data)
{
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (k == CXCursor_TemplateTypeParameter || k == CXCursor_TemplateTemplateParameter) {
		*(int *)data = 1;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Continue;
}

int cal_walk_in_dependent_instantiation(const struct cal_walk *w)
{
	CXCursor c;
	int has_type_params = 0;

	if (!w->in_instantiation)
		return 0;
	c = clang_getSpecializedCursorTemplate(w->function);
	if (clang_Cursor_isNull(c))
		return 1;
	for (; !has_type_params && !clang_Cursor_isNull(c) && !clang_isTranslationUnit(
		       clang_getCursorKind(c)); c = clang_getCursorSemanticParent(c)) {
		enum CXCursorKind k = clang_getCursorKind(c);
		if (k == CXCursor_FunctionTemplate || k == CXCursor_ClassTemplate ||
		    k == CXCursor_ClassTemplatePartialSpecialization)
			clang_visitChildren(c, type_param_visitor, &has_type_params);
	}
	return has_type_params;
}

static void add_template_args(struct strbuf *sb, CXCursor fn)
{
	int i, n = clang_Cursor_getNumTemplateArguments(fn);
	char *arg;

	for (i = 0; i < n; i++) {
		strbuf_adds(sb, i ? ", " : "<");
		if (clang_Cursor_getTemplateArgumentKind(fn, i) == CXTemplateArgumentKind_Integral) {
			strbuf_addf(sb, "%lld", clang_Cursor_getTemplateArgumentValue(fn, i));
			continue;
		}
		arg = cal_type_name(clang_Cursor_getTemplateArgumentType(fn, i));
		strbuf_adds(sb, arg);
		free(arg);
	}
	if (n > 0)
		strbuf_addch(sb, '>');
}

char *cal_walk_function_name(const struct cal_walk *w)
{
	struct strbuf sb = STRBUF_INIT;
	CXCursor parent = clang_getCursorSemanticParent(w->function);
	enum CXCursorKind k = clang_getCursorKind(parent);
	char *name;

	if (k == CXCursor_StructDecl || k == CXCursor_ClassDecl) {
		name = cal_type_name(clang_getCursorType(parent));
		strbuf_addf(&sb, "%s::", name);
		free(name);
	}
	name = cal_cursor_name(w->function);
	strbuf_adds(&sb, name);
	free(name);
	add_template_args(&sb, w->function);
	return strbuf_detach(&sb);
}

static void flush_pending(struct cal_walk *w)
{
	if (!w->has_pending)
		return;
	cal_findings_take(w->out, &w->pending);
	w->has_pending = 0;
}

static struct cal_finding *vreport(struct cal_walk *w, CXSourceRange r,
				   const char *fmt, va_list ap)
{
	struct cal_finding *f = &w->pending;
	struct strbuf msg = STRBUF_INIT;

	flush_pending(w);
	memset(f, 0, sizeof(*f));
	if (cal_range_from_extent(r, &f->range) < 0)
		return NULL;
	strbuf_vaddf(&msg, fmt, ap);
	f->message = strbuf_detach(&msg);
	f->check = w->current->id;
	f->severity = w->current->severity;
	f->archs = w->parse->arch_mask;
	f->partial_parse = w->parse->partial;
	w->has_pending = 1;
	return f;
}

/*
 * The returned pointer is never NULL for a cursor of the user's code; for
 * a cursor without a file location the finding is dropped and a scratch
 * finding is returned so callers need no NULL checks.
 */
static struct cal_finding scratch;

struct cal_finding *cal_report_range(struct cal_walk *w, CXSourceRange r,
				     const char *fmt, ...)
{
	struct cal_finding *f;
	va_list ap;
	va_start(ap, fmt);
	f = vreport(w, r, fmt, ap);
	va_end(ap);
	if (!f) {
		cal_finding_clear(&scratch);
		return &scratch;
	}
	return f;
}

struct cal_finding *cal_report(struct cal_walk *w, CXCursor c, const char *fmt, ...)
{
	struct cal_finding *f;
	va_list ap;
	va_start(ap, fmt);
	f = vreport(w, clang_getCursorExtent(c), fmt, ap);
	va_end(ap);
	if (!f) {
		cal_finding_clear(&scratch);
		return &scratch;
	}
	return f;
}

/* A note on a declaration points at its name, like clang's "declared here". */
static CXSourceRange note_extent(CXCursor c)
{
	if (clang_isDeclaration(clang_getCursorKind(c))) {
		CXSourceLocation loc = clang_getCursorLocation(c);
		return clang_getRange(loc, loc);
	}
	return clang_getCursorExtent(c);
}

void cal_note_at(struct cal_walk *w, struct cal_finding *f, CXCursor c,
		 const char *fmt, ...)
{
	struct cal_range r;
	struct strbuf msg = STRBUF_INIT;
	va_list ap;

	(void)w;
	if (f == &scratch || cal_range_from_extent(note_extent(c), &r) < 0)
		return;
	va_start(ap, fmt);
	strbuf_vaddf(&msg, fmt, ap);
	va_end(ap);
	cal_finding_add_note(f, &r, msg.buf);
	cal_range_clear(&r);
	strbuf_release(&msg);
}

static int in_skipped_file(const struct cal_walk *w, CXCursor c)
{
	CXSourceLocation loc = clang_getCursorLocation(c);
	CXFile file;
	int skip;

	clang_getExpansionLocation(loc, &file, NULL, NULL, NULL);
	if (!file || clang_Location_isInSystemHeader(loc))
		return 1;
	if (!w->parse->prelude_path)
		return 0;
	{
		CXString name = clang_getFileName(file);
		const char *s = clang_getCString(name);
		skip = s && !strncmp(s, w->parse->prelude_path,
				     strlen(w->parse->prelude_path));
		clang_disposeString(name);
	}
	return skip;
}

static void dispatch(struct cal_walk *w, CXCursor c)
{
	int i;
	for (i = 0; i < cal_nr_checks; i++) {
		if (!check_runs(w->parse, w->enabled, i) || !cal_checks[i]->visit)
			continue;
		w->current = cal_checks[i];
		cal_checks[i]->visit(w, c, w->states[i]);
		flush_pending(w);
	}
}

static int seen_add(struct seen_set *set, CXCursor c)
{
	size_t i;
	for (i = 0; i < set->nr; i++)
		if (clang_equalCursors(set->items[i], c))
			return 0;
	GROW(set->items, set->alloc, set->nr + 1);
	set->items[set->nr++] = c;
	return 1;
}

/* A call to a function template specialization: walk the instantiated body. */
static void walk_instantiation(struct walker *wk, CXCursor call)
{
	struct cal_walk *w = &wk->w;
	CXCursor callee = cal_call_callee(call);
	CXCursor saved_fn;
	enum cal_space saved_space;
	int saved_inst;

	if (clang_Cursor_isNull(callee) ||
	    clang_Cursor_isNull(clang_getSpecializedCursorTemplate(callee)))
		return;
	callee = clang_getCursorDefinition(callee);
	if (clang_Cursor_isNull(callee) || in_skipped_file(w, callee) ||
	    !seen_add(&wk->instantiated, callee))
		return;
	saved_fn = w->function;
	saved_space = w->space;
	saved_inst = w->in_instantiation;
	w->function = callee;
	w->space = function_space(w, callee);
	w->in_instantiation = 1;
	walk_children(wk, callee);
	w->function = saved_fn;
	w->space = saved_space;
	w->in_instantiation = saved_inst;
}

static void visit_one(struct walker *wk, CXCursor c)
{
	struct cal_walk *w = &wk->w;
	enum CXCursorKind kind = clang_getCursorKind(c);
	CXCursor saved_fn = w->function;
	enum cal_space saved_space = w->space;

	if (cal_is_function_kind(kind)) {
		w->function = c;
		w->space = function_space(w, c);
	}
	dispatch(w, c);
	if (kind == CXCursor_CallExpr)
		walk_instantiation(wk, c);
	if (w->depth < CAL_MAX_DEPTH) {
		w->stack[w->depth++] = c;
		walk_children(wk, c);
		w->depth--;
	}
	w->function = saved_fn;
	w->space = saved_space;
}

static enum CXChildVisitResult child_visitor(CXCursor c, CXCursor parent,
					     CXClientData data)
{
	struct walker *wk = data;
	(void)parent;
	if (wk->w.depth == 0 && in_skipped_file(&wk->w, c))
		return CXChildVisit_Continue;
	visit_one(wk, c);
	return CXChildVisit_Continue;
}

static void walk_children(struct walker *wk, CXCursor c)
{
	clang_visitChildren(c, child_visitor, wk);
}

void cal_walk_parse(const struct cal_parse_info *parse, const int *enabled,
		    struct cal_findings *out)
{
	struct walker wk;
	void *states[64] = { 0 };
	int i;

	memset(&wk, 0, sizeof(wk));
	wk.w.parse = parse;
	wk.w.out = out;
	wk.w.states = states;
	wk.w.enabled = enabled;
	wk.w.function = clang_getNullCursor();

	for (i = 0; i < cal_nr_checks; i++) {
		if (check_runs(parse, enabled, i) && cal_checks[i]->begin) {
			wk.w.current = cal_checks[i];
			states[i] = cal_checks[i]->begin(&wk.w);
		}
	}
	walk_children(&wk, clang_getTranslationUnitCursor(parse->tu));
	for (i = 0; i < cal_nr_checks; i++) {
		if (check_runs(parse, enabled, i) && cal_checks[i]->end) {
			wk.w.current = cal_checks[i];
			cal_checks[i]->end(&wk.w, states[i]);
			flush_pending(&wk.w);
		}
	}
	free(wk.instantiated.items);
}
