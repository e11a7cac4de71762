/*
 * The one walk: visit every cursor of the user's code once per parse and
 * hand it to each enabled check.
 *
 * libclang's visitor shows the template pattern, not its instantiations.
 * Checks that judge types ("atomicAdd on double") must see the
 * instantiation the user's call creates, so when the walk meets a call to
 * a function template specialization it also walks that specialization's
 * body, once per parse.  Instantiations no call of the user's code leads
 * to (a kernel template whose address is taken, an explicit instantiation
 * definition, members and destructors of class templates) are walked
 * after the written code, each once.  A parse lists them among the TU's
 * children (check.h's instantiations_listed: ASTUnit keeps every function
 * definition Sema instantiates as a top-level declaration, and an index of
 * local declarations visits those): the walk sets them aside as it meets
 * them.  Such a parse on a PCH leaves the PCH's declarations out of the
 * TU's children: the PCH's facts find those of the user's headers again
 * (pch_facts.h), and the walk visits them first.  A parse on a PCH without
 * facts is not made that way; there libclang's indexer finds the
 * instantiations: it reports the instantiated function containing each
 * reference it sees, at about a third of the parse's cost on
 * template-heavy code.
 */
#include <ctype.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <stdatomic.h>
#include <string.h>

#include "parse/ast.h"
#include "parse/check.h"
#include "parse/language.h"
#include "cuatomlint/strbuf.h"
#include "util/profile.h"

/* A set of cursors: open addressing on clang_hashCursor. */
struct seen_set {
	CXCursor *slots;
	unsigned char *used;
	size_t nr, size;
};

#define MAX_USER_FILES 64

struct walker {
	struct cal_walk w;
	struct seen_set instantiated;	/* walked, or written (explicit specializations) */
	struct seen_set considered;	/* containers the indexer reported */
	CXCursor *pending_inst;		/* instantiations it found, in order */
	size_t nr_pending_inst, alloc_pending_inst;
	int saw_template;		/* the user's code needs the indexing pass */
	int saw_plain_template;		/* ... or has a plain function template */
	/* template bodies that name only their own locals, which the indexing
	 * pass finds only with function-local symbols (see index_options) */
	int local_only_member;		/* of a class template, a lambda, a local class */
	int local_only_plain;		/* of a plain function template: calls reach it */
	int names_template;		/* a templated function named other than as a callee */
	/*
	 * Can the indexing pass run at all?  Not where the parse lists its
	 * instantiations or wants none: the flags above, which decide whether
	 * it runs, are then not looked for (a few libclang questions per
	 * cursor, and a visit of each template's function bodies).
	 */
	int index_possible;
	CXFile user_files[MAX_USER_FILES];	/* files of the written code */
	size_t nr_user_files;		/* more than MAX_USER_FILES: too many */
	int ended;			/* the checks' end() ran */
	int crash_test;
	unsigned char runs[CAL_MAX_CHECKS];	/* enabled, and judges this parse's language */
};

static void walk_children(struct walker *wk, CXCursor c);

/* OpenCL C has no host code: a kernel is launched like __global__, the rest is device code. */
static enum cal_space function_space(const struct cal_walk *w, CXCursor fn)
{
	if (w->parse->opencl)
		return cal_ocl_function_space(fn);
	return cal_function_space(fn);
}

int cal_parse_spells(const struct cal_parse_info *parse, const struct cal_check *check)
{
	return !check->needs_words || (check->needs_words & ~parse->words_absent);
}

/* Enabled, judges the language of the parse, and its words are spelled there. */
static int check_runs(const struct cal_parse_info *parse, const int *enabled, int i)
{
	return enabled[i] &&
	       cal_check_judges(cal_checks[i], parse->opencl ? CAL_LANG_OPENCL :
					       parse->hip ? CAL_LANG_HIP :
					       CAL_LANG_CUDA) &&
	       cal_parse_spells(parse, cal_checks[i]);
}

/*
 * The checks each cursor kind is handed to, in registry order (the order
 * of their findings on one cursor), built once: a check without a kind
 * list is in every slot.  The last slot, for kinds above libclang 19's
 * largest, holds only those.
 */
#define NR_KIND_SLOTS (CXCursor_OverloadCandidate + 2)

struct kind_table {
	unsigned char nr[NR_KIND_SLOTS];
	unsigned char check[NR_KIND_SLOTS][CAL_MAX_CHECKS];
};

static struct kind_table by_kind;
static pthread_once_t by_kind_once = PTHREAD_ONCE_INIT;

static size_t kind_slot(enum CXCursorKind kind)
{
	return kind >= 0 && kind < NR_KIND_SLOTS - 1 ? (size_t)kind : NR_KIND_SLOTS - 1;
}

static int wants_kind(const struct cal_check *check, size_t slot)
{
	const enum CXCursorKind *k;

	if (!check->kinds)
		return 1;
	for (k = check->kinds; *k; k++)
		if ((size_t)*k == slot && slot < NR_KIND_SLOTS - 1)
			return 1;
	return 0;
}

/* The same for leave(): most kinds have none. */
static struct kind_table by_kind_leave;

static void build_by_kind(void)
{
	size_t slot;
	int i;

	for (slot = 0; slot < NR_KIND_SLOTS; slot++)
		for (i = 0; i < cal_nr_checks; i++) {
			if (!cal_checks[i]->visit || !wants_kind(cal_checks[i], slot))
				continue;
			by_kind.check[slot][by_kind.nr[slot]++] = (unsigned char)i;
			if (cal_checks[i]->leave)
				by_kind_leave.check[slot][by_kind_leave.nr[slot]++] =
					(unsigned char)i;
		}
}
static void walk_specialization_body(struct walker *wk, CXCursor callee);
static void consider_instantiation(struct walker *wk, CXCursor fn);

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

/* A class declared inside a function: a lambda's, for a call operator. */
static int is_local_record(CXCursor record)
{
	enum CXCursorKind k = clang_getCursorKind(record);

	return (k == CXCursor_ClassDecl || k == CXCursor_StructDecl) &&
	       cal_is_function_kind(clang_getCursorKind(clang_getCursorSemanticParent(record)));
}

/* A generic lambda's call operator: its 'auto' parameters are type
 * parameters no cursor shows. */
static int is_generic_lambda_call(CXCursor fn)
{
	return clang_getCursorKind(clang_getSpecializedCursorTemplate(fn)) ==
		       CXCursor_FunctionTemplate &&
	       is_local_record(clang_getCursorSemanticParent(fn));
}

static int dependent_instantiation(CXCursor fn)
{
	CXCursor c;
	int has_type_params = 0;

	if (is_generic_lambda_call(fn))
		return 1;
	c = clang_getSpecializedCursorTemplate(fn);
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

/*
 * The answer for the walk's current function, remembered per thread: the
 * checks ask at each cursor of an instantiation, and each answer visits
 * the template's parameters.  Keyed on the walk's serial, as
 * cal_atomic_classify's is.
 */
static _Thread_local struct {
	unsigned long serial;	/* 0: none */
	CXCursor fn;
	int dependent;
} dependent_memo;

int cal_walk_in_dependent_instantiation(const struct cal_walk *w)
{
	if (!w->in_instantiation)
		return 0;
	if (!w->serial)
		return dependent_instantiation(w->function);
	if (dependent_memo.serial != w->serial ||
	    !clang_equalCursors(dependent_memo.fn, w->function)) {
		dependent_memo.serial = w->serial;
		dependent_memo.fn = w->function;
		dependent_memo.dependent = dependent_instantiation(w->function);
	}
	return dependent_memo.dependent;
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
	return cal_function_name(w->function);
}

char *cal_function_name(CXCursor fn)
{
	struct strbuf sb = STRBUF_INIT;
	CXCursor parent = clang_getCursorSemanticParent(fn);
	enum CXCursorKind k = clang_getCursorKind(parent);
	char *name;

	if (k == CXCursor_StructDecl || k == CXCursor_ClassDecl) {
		name = cal_type_name(clang_getCursorType(parent));
		strbuf_addf(&sb, "%s::", name);
		free(name);
	}
	name = cal_cursor_name(fn);
	strbuf_adds(&sb, name);
	free(name);
	add_template_args(&sb, fn);
	return strbuf_detach(&sb);
}

/*
 * A HIP parse: a check whose fixes spell CUDA (cuda::atomic_ref, PTX,
 * __syncwarp) keeps its finding and loses its fix, and says so.
 */
static void drop_cuda_fixes(struct cal_walk *w)
{
	struct cal_finding *f = &w->pending;

	if (!w->parse->hip || w->current->hip_fixes || !f->nr_fixes)
		return;
	cal_finding_drop_fixes(f);
	cal_finding_add_note(f, &f->range, "no automatic fix: this check's fix spells CUDA-only "
			     "code (cuda::atomic_ref, PTX or __syncwarp); in HIP write "
			     "__hip_atomic_load/__hip_atomic_store with an __ATOMIC_* order and an "
			     "__HIP_MEMORY_SCOPE_* scope");
}

static void flush_pending(struct cal_walk *w)
{
	if (!w->has_pending)
		return;
	drop_cuda_fixes(w);
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
	if (!file || (clang_Location_isInSystemHeader(loc) && !w->parse->system_headers))
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

/* Hand c to the checks of table that want its kind: their visit(), or their leave(). */
static void dispatch_in(struct walker *wk, CXCursor c, enum CXCursorKind kind,
			const struct kind_table *table, int leave)
{
	struct cal_walk *w = &wk->w;
	size_t slot = kind_slot(kind);
	int j, i;

	for (j = 0; j < table->nr[slot]; j++) {
		i = table->check[slot][j];
		if (!wk->runs[i])
			continue;
		w->current = cal_checks[i];
		if (leave)
			cal_checks[i]->leave(w, c, w->states[i]);
		else
			cal_checks[i]->visit(w, c, w->states[i]);
		flush_pending(w);
	}
}

static void dispatch(struct walker *wk, CXCursor c, enum CXCursorKind kind)
{
	wk->w.visits++;
	dispatch_in(wk, c, kind, &by_kind, 0);
}

static void dispatch_leave(struct walker *wk, CXCursor c, enum CXCursorKind kind)
{
	dispatch_in(wk, c, kind, &by_kind_leave, 1);
}

static int seen_has_slot(const struct seen_set *set, CXCursor c, size_t *slot)
{
	size_t i = clang_hashCursor(c) & (set->size - 1);

	while (set->used[i]) {
		if (clang_equalCursors(set->slots[i], c)) {
			*slot = i;
			return 1;
		}
		i = (i + 1) & (set->size - 1);
	}
	*slot = i;
	return 0;
}

static void seen_grow(struct seen_set *set)
{
	struct seen_set bigger = { NULL, NULL, 0, set->size ? set->size * 2 : 64 };
	size_t i, slot;

	bigger.slots = xcalloc(bigger.size, sizeof(*bigger.slots));
	bigger.used = xcalloc(bigger.size, 1);
	for (i = 0; i < set->size; i++) {
		if (!set->used[i])
			continue;
		seen_has_slot(&bigger, set->slots[i], &slot);
		bigger.slots[slot] = set->slots[i];
		bigger.used[slot] = 1;
		bigger.nr++;
	}
	free(set->slots);
	free(set->used);
	*set = bigger;
}

/* Add c; 0 if it was there already. */
static int seen_add(struct seen_set *set, CXCursor c)
{
	size_t slot;

	if (2 * (set->nr + 1) > set->size)
		seen_grow(set);
	if (seen_has_slot(set, c, &slot))
		return 0;
	set->slots[slot] = c;
	set->used[slot] = 1;
	set->nr++;
	return 1;
}

static void seen_release(struct seen_set *set)
{
	free(set->slots);
	free(set->used);
	memset(set, 0, sizeof(*set));
}

/* A call to a function template specialization: walk the instantiated body. */
static void walk_instantiation(struct walker *wk, CXCursor call)
{
	struct cal_walk *w = &wk->w;
	CXCursor callee = cal_call_callee(call);

	if (clang_Cursor_isNull(callee) ||
	    clang_Cursor_isNull(clang_getSpecializedCursorTemplate(callee)))
		return;
	callee = clang_getCursorDefinition(callee);
	if (clang_Cursor_isNull(callee) || in_skipped_file(w, callee) ||
	    !seen_add(&wk->instantiated, callee))
		return;
	walk_specialization_body(wk, callee);
}

/*
 * A lambda's call operator carries no written __device__: clang gives it
 * the space of the function the lambda is written in.  (Other local
 * classes cannot have device members without writing it.)
 */
static enum cal_space specialization_space(CXCursor fn)
{
	enum cal_space space = cal_function_space(fn);
	CXCursor record;

	if (space != CAL_SPACE_HOST)
		return space;
	record = clang_getCursorSemanticParent(fn);
	if (!is_local_record(record))
		return space;
	space = specialization_space(clang_getCursorSemanticParent(record));
	return space == CAL_SPACE_GLOBAL ? CAL_SPACE_DEVICE : space;
}

/* Walk the body of a function template specialization as an instantiation. */
static void walk_specialization_body(struct walker *wk, CXCursor callee)
{
	struct cal_walk *w = &wk->w;
	CXCursor saved_fn;
	enum cal_space saved_space;
	int saved_inst;

	saved_fn = w->function;
	saved_space = w->space;
	saved_inst = w->in_instantiation;
	w->function = callee;
	w->space = specialization_space(callee);
	w->in_instantiation = 1;
	w->frame++;
	walk_children(wk, callee);
	w->frame--;
	w->function = saved_fn;
	w->space = saved_space;
	w->in_instantiation = saved_inst;
}

/*
 * Indexing costs about a tenth of a parse, and most real files have a
 * function template (helper headers do) whose every instantiation the
 * walk already reaches through calls.  The indexer runs only where the
 * written code has something whose instantiations a call may not lead
 * to: class templates and their members, member templates (implicit
 * conversions and constructors), lambdas (generic ones too), operator
 * templates (found by ADL from any code), written specializations, and
 * a template function named other than as the callee of a call (its
 * address taken, passed on).
 */
static int is_plain_function_template(CXCursor tmpl)
{
	enum CXCursorKind parent = clang_getCursorKind(clang_getCursorSemanticParent(tmpl));
	CXString name;
	int plain;

	if (parent != CXCursor_TranslationUnit && parent != CXCursor_Namespace)
		return 0;
	name = clang_getCursorSpelling(tmpl);
	plain = clang_getCString(name) && strncmp(clang_getCString(name), "operator", 8) != 0;
	clang_disposeString(name);
	return plain;
}

/* A function template, or a function made from one (a specialization or a member). */
static int is_templated_function(CXCursor f)
{
	enum CXCursorKind kind = clang_getCursorKind(f);

	if (kind == CXCursor_FunctionTemplate)
		return 1;
	return cal_is_function_kind(kind) &&
	       !clang_Cursor_isNull(clang_getSpecializedCursorTemplate(f));
}

/* Does a reference name a templated function (any in an overload set)? */
static int names_templated_function(CXCursor ref)
{
	unsigned i, n;

	if (clang_getCursorKind(ref) != CXCursor_OverloadedDeclRef) {
		CXCursor target = clang_getCursorReferenced(ref);
		return !clang_Cursor_isNull(target) && is_templated_function(target);
	}
	n = clang_getNumOverloadedDecls(ref);
	for (i = 0; i < n; i++)
		if (is_templated_function(clang_getOverloadedDecl(ref, i)))
			return 1;
	return 0;
}

/* Is the reference the callee of the call its parent (or grandparent) is? */
static int is_callee_of(const struct cal_walk *w, CXCursor ref, CXCursor parent)
{
	CXCursor call = parent, target;

	if (clang_getCursorKind(call) == CXCursor_UnexposedExpr && w->depth >= 2 &&
	    clang_equalCursors(w->stack[w->depth - 1], parent))
		call = w->stack[w->depth - 2];
	if (clang_getCursorKind(call) != CXCursor_CallExpr)
		return 0;
	target = clang_getCursorReferenced(ref);
	return !clang_Cursor_isNull(target) &&
	       clang_equalCursors(target, clang_getCursorReferenced(call));
}

/*
 * An explicit instantiation ("template void f<int>(int *);") has no cursor
 * of its own: where a plain function template is written, the files of the
 * written code's top-level declarations are searched (outside comments) for
 * the keyword "template" not followed by '<' (explicit instantiations,
 * "extern template", and ".template" too: the pass then runs, which costs
 * time, never findings).  A user file holding nothing but explicit
 * instantiations would be missed.
 */
static int has_bare_template_keyword(const char *s, size_t n)
{
	size_t i, j;

	for (i = 0; i + 8 <= n; i++) {
		if (s[i] == '/' && s[i + 1] == '/') {
			while (i < n && s[i] != '\n')
				i++;
			continue;
		}
		if (s[i] == '/' && s[i + 1] == '*') {
			for (i += 2; i + 1 < n && !(s[i] == '*' && s[i + 1] == '/'); i++)
				;
			i++;
			continue;
		}
		if (memcmp(s + i, "template", 8) != 0 ||
		    (i > 0 && (isalnum((unsigned char)s[i - 1]) || s[i - 1] == '_')))
			continue;
		j = i + 8;
		if (j < n && (isalnum((unsigned char)s[j]) || s[j] == '_'))
			continue;
		while (j < n && isspace((unsigned char)s[j]))
			j++;
		if (j >= n || s[j] != '<')
			return 1;
	}
	return 0;
}

/* Scanned are the files the written code's top-level cursors are in. */
static int may_have_explicit_instantiation(const struct walker *wk)
{
	size_t i, size;
	const char *text;

	if (wk->nr_user_files > MAX_USER_FILES)
		return 1;
	for (i = 0; i < wk->nr_user_files; i++) {
		size = 0;
		text = cal_file_contents(wk->w.parse->tu, wk->user_files[i], &size);
		if (!text || has_bare_template_keyword(text, size))
			return 1;
	}
	return 0;
}

/* Remember the file of a top-level cursor of the written code. */
static void note_user_file(struct walker *wk, CXCursor c)
{
	CXFile file = NULL;
	size_t i;

	if (wk->nr_user_files > MAX_USER_FILES)
		return;
	clang_getExpansionLocation(clang_getCursorLocation(c), &file, NULL, NULL, NULL);
	for (i = 0; i < wk->nr_user_files; i++)
		if (clang_File_isEqual(wk->user_files[i], file))
			return;
	if (wk->nr_user_files < MAX_USER_FILES)
		wk->user_files[wk->nr_user_files] = file;
	wk->nr_user_files++;
}

static int needs_indexer(struct walker *wk, CXCursor c, enum CXCursorKind kind,
			 CXCursor parent)
{
	switch (kind) {
	case CXCursor_ClassTemplate:
	case CXCursor_ClassTemplatePartialSpecialization:
	case CXCursor_LambdaExpr:
		return 1;
	case CXCursor_FunctionTemplate:
		if (is_plain_function_template(c)) {
			wk->saw_plain_template = 1;
			return 0;
		}
		return 1;
	case CXCursor_DeclRefExpr:
	case CXCursor_MemberRefExpr:
	case CXCursor_OverloadedDeclRef:
		return names_templated_function(c) && !is_callee_of(&wk->w, c, parent);
	default:
		return cal_is_function_kind(kind) &&
		       !clang_Cursor_isNull(clang_getSpecializedCursorTemplate(c));
	}
}

static int has_file(CXCursor d)
{
	CXFile file = NULL;

	if (clang_Cursor_isNull(d))
		return 0;
	clang_getSpellingLocation(clang_getCursorLocation(d), &file, NULL, NULL, NULL);
	return file != NULL;
}

/* Is the if statement s an 'if constexpr' (or is its text out of reach)? */
static int may_be_if_constexpr(CXCursor s)
{
	CXFile file = NULL;
	unsigned offset;
	size_t size = 0;
	const char *text, *p, *end;

	clang_getSpellingLocation(clang_getRangeStart(clang_getCursorExtent(s)), &file, NULL, NULL,
				  &offset);
	text = file ? cal_file_contents(clang_Cursor_getTranslationUnit(s), file, &size) : NULL;
	if (!text || (size_t)offset + 2 > size || memcmp(text + offset, "if", 2))
		return 1;
	end = text + size;
	for (p = text + offset + 2; p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r');)
		p++;
	return (size_t)(end - p) >= 9 && !memcmp(p, "constexpr", 9);
}

struct body_scan {
	int nonlocal;		/* 1: refers to something not local; -1: if constexpr */
	int judged;		/* holds something a check may judge */
	int hip;		/* a HIP parse: an unexposed expression may be an atomic builtin */
};

/*
 * Can a check judge a body made of c?  Only arithmetic on locals is
 * nothing to judge: a loop (a spin), an assignment or increment (a
 * warp-synchronous step, a volatile store), a call (a builtin, which the
 * indexer may not report), an asm statement, or anything else is.
 */
static int may_be_judged(CXCursor c, enum CXCursorKind kind, int hip)
{
	switch (kind) {
	case CXCursor_CompoundStmt:
	case CXCursor_ReturnStmt:
	case CXCursor_DeclStmt:
	case CXCursor_NullStmt:
	case CXCursor_DeclRefExpr:
	case CXCursor_MemberRefExpr:
	case CXCursor_IntegerLiteral:
	case CXCursor_FloatingLiteral:
	case CXCursor_CharacterLiteral:
	case CXCursor_StringLiteral:
	case CXCursor_CXXBoolLiteralExpr:
	case CXCursor_CXXNullPtrLiteralExpr:
	case CXCursor_ParenExpr:
	case CXCursor_ConditionalOperator:
	case CXCursor_CStyleCastExpr:
	case CXCursor_CXXStaticCastExpr:
	case CXCursor_CXXConstCastExpr:
	case CXCursor_CXXReinterpretCastExpr:
	case CXCursor_CXXFunctionalCastExpr:
	case CXCursor_ArraySubscriptExpr:
	case CXCursor_InitListExpr:
	case CXCursor_CXXThisExpr:
	case CXCursor_UnaryExpr:
	case CXCursor_TypeRef:
	case CXCursor_TemplateRef:
	case CXCursor_NamespaceRef:
	case CXCursor_MemberRef:
		return 0;
	case CXCursor_UnexposedExpr:
		return hip;
	case CXCursor_BinaryOperator:
		switch (clang_getCursorBinaryOperatorKind(c)) {
		case CXBinaryOperator_Assign:
		case CXBinaryOperator_MulAssign:
		case CXBinaryOperator_DivAssign:
		case CXBinaryOperator_RemAssign:
		case CXBinaryOperator_AddAssign:
		case CXBinaryOperator_SubAssign:
		case CXBinaryOperator_ShlAssign:
		case CXBinaryOperator_ShrAssign:
		case CXBinaryOperator_AndAssign:
		case CXBinaryOperator_XorAssign:
		case CXBinaryOperator_OrAssign:
		case CXBinaryOperator_Invalid:
			return 1;
		default:
			return 0;
		}
	case CXCursor_UnaryOperator:
		switch (clang_getCursorUnaryOperatorKind(c)) {
		case CXUnaryOperator_PostInc:
		case CXUnaryOperator_PostDec:
		case CXUnaryOperator_PreInc:
		case CXUnaryOperator_PreDec:
		case CXUnaryOperator_Invalid:
			return 1;
		default:
			return 0;
		}
	default:
		return 1;
	}
}

/* Is c a reference the indexer reports without function-local symbols? */
static enum CXChildVisitResult nonlocal_ref_visitor(CXCursor c, CXCursor parent,
						   CXClientData data)
{
	struct body_scan *scan = data;
	enum CXCursorKind kind = clang_getCursorKind(c);
	CXCursor d;

	(void)parent;
	if (kind == CXCursor_IfStmt && may_be_if_constexpr(c)) {
		scan->nonlocal = -1;	/* an instantiation may discard what refers outside */
		return CXChildVisit_Break;
	}
	if (kind == CXCursor_LambdaExpr || clang_isDeclaration(kind))
		return kind == CXCursor_VarDecl ? CXChildVisit_Recurse : CXChildVisit_Continue;
	if (!scan->judged && kind != CXCursor_IfStmt)
		scan->judged = may_be_judged(c, kind, scan->hip);
	if (kind == CXCursor_DeclRefExpr || kind == CXCursor_MemberRefExpr ||
	    kind == CXCursor_MemberRef || kind == CXCursor_OverloadedDeclRef ||
	    kind == CXCursor_CallExpr) {
		/* an operator in the pattern may be a builtin one in an
		 * instantiation, and an implicit declaration may go unreported:
		 * a target builtin's (__builtin_amdgcn_*, __nvvm_*) is made where
		 * it is first used, so it has a file, but the indexer skips it */
		d = clang_getCursorReferenced(c);
		if (cal_cursor_name_starts(c, "operator") || cal_cursor_name_starts(d, "operator") ||
		    cal_cursor_name_starts(d, "__builtin_") || cal_cursor_name_starts(d, "__nvvm_") ||
		    !has_file(d))
			return CXChildVisit_Recurse;
		switch (clang_getCursorKind(d)) {
		case CXCursor_ParmDecl:
		case CXCursor_NonTypeTemplateParameter:
		case CXCursor_InvalidFile:
		case CXCursor_NoDeclFound:
			break;
		case CXCursor_VarDecl:
			if (!clang_Cursor_hasVarDeclGlobalStorage(d))
				break;
			/* fall through */
		default:
			if (!clang_Cursor_isNull(d)) {
				scan->nonlocal = 1;
				return CXChildVisit_Break;
			}
		}
	}
	return CXChildVisit_Recurse;
}

/* Inside a template: the walk's stack holds a template, or c is one. */
static int in_template(const struct cal_walk *w, enum CXCursorKind kind)
{
	int i;

	if (kind == CXCursor_FunctionTemplate)
		return 1;
	for (i = 0; i < w->depth; i++) {
		enum CXCursorKind k = clang_getCursorKind(w->stack[i]);
		if (k == CXCursor_FunctionTemplate || k == CXCursor_ClassTemplate ||
		    k == CXCursor_ClassTemplatePartialSpecialization)
			return 1;
	}
	return 0;
}

/*
 * A function (or lambda) of a template whose body refers to nothing but
 * its own parameters and locals.  A plain function template's
 * instantiations are reached through the calls the walk follows, unless
 * one is explicitly instantiated or named by address; others (a member
 * that a system header's code calls, a destructor, a lambda) need the
 * indexing pass with function-local symbols.
 */
static void note_local_only_body(struct walker *wk, CXCursor c, enum CXCursorKind kind)
{
	struct body_scan scan = { 0, 0, 0 };
	enum CXCursorKind parent;
	int plain;

	if (wk->local_only_member ||
	    !(kind == CXCursor_LambdaExpr || kind == CXCursor_FunctionTemplate ||
	      cal_is_function_kind(kind)) ||
	    !in_template(&wk->w, kind) ||
	    (kind != CXCursor_LambdaExpr && !clang_isCursorDefinition(c)))
		return;
	parent = clang_getCursorKind(clang_getCursorSemanticParent(c));
	plain = kind == CXCursor_FunctionTemplate &&
		(parent == CXCursor_TranslationUnit || parent == CXCursor_Namespace ||
		 parent == CXCursor_LinkageSpec);
	if (plain && wk->local_only_plain)
		return;
	scan.hip = wk->w.parse->hip;
	clang_visitChildren(c, nonlocal_ref_visitor, &scan);
	/* found through a reference, or nothing in it to judge */
	if (scan.nonlocal == 1 || (scan.nonlocal == 0 && !scan.judged))
		return;
	if (plain)
		wk->local_only_plain = 1;
	else
		wk->local_only_member = 1;
}

/* Does the indexing pass need function-local symbols to find every instantiation? */
static int needs_local_symbols(const struct walker *wk)
{
	return wk->local_only_member ||
	       (wk->local_only_plain &&
		(wk->names_template || may_have_explicit_instantiation(wk)));
}

/* What the written code's cursor c tells of the indexing pass's need. */
static void note_index_needs(struct walker *wk, CXCursor c, enum CXCursorKind kind,
			     CXCursor parent)
{
	if (!wk->saw_template && needs_indexer(wk, c, kind, parent))
		wk->saw_template = 1;
	note_local_only_body(wk, c, kind);
	if (!wk->names_template &&
	    (kind == CXCursor_DeclRefExpr || kind == CXCursor_MemberRefExpr ||
	     kind == CXCursor_OverloadedDeclRef) &&
	    names_templated_function(c) && !is_callee_of(&wk->w, c, parent))
		wk->names_template = 1;
}

static void visit_one(struct walker *wk, CXCursor c, CXCursor parent)
{
	struct cal_walk *w = &wk->w;
	enum CXCursorKind kind = clang_getCursorKind(c);
	CXCursor saved_fn = w->function;
	enum cal_space saved_space = w->space;

	if (cal_is_function_kind(kind)) {
		w->function = c;
		w->space = function_space(w, c);
		/* an explicit specialization is written code, walked here */
		if (!clang_Cursor_isNull(clang_getSpecializedCursorTemplate(c)))
			seen_add(&wk->instantiated, c);
	}
	if (wk->index_possible)
		note_index_needs(wk, c, kind, parent);
	dispatch(wk, c, kind);
	if (kind == CXCursor_CallExpr)
		walk_instantiation(wk, c);
	if (w->depth < CAL_MAX_DEPTH) {
		w->stack[w->depth++] = c;
		walk_children(wk, c);
		w->depth--;
	} else {
		w->depth_cuts++;
	}
	dispatch_leave(wk, c, kind);
	w->function = saved_fn;
	w->space = saved_space;
}

static enum CXChildVisitResult child_visitor(CXCursor c, CXCursor parent,
					     CXClientData data)
{
	struct walker *wk = data;
	if (wk->w.depth == 0 && wk->w.parse->instantiations_listed && cal_is_instantiation(c)) {
		if (!wk->w.parse->skip_index)
			consider_instantiation(wk, c);
		return CXChildVisit_Continue;
	}
	if (wk->w.depth == 0 && in_skipped_file(&wk->w, c))
		return CXChildVisit_Continue;
	visit_one(wk, c, parent);
	if (wk->w.depth == 0)
		note_user_file(wk, c);
	return CXChildVisit_Continue;
}

static void walk_children(struct walker *wk, CXCursor c)
{
	clang_visitChildren(c, child_visitor, wk);
}

/*
 * The indexer reports every reference clang saw, instantiated code
 * included, with the function that contains it.  A container that is a
 * function template specialization (or a member of a class template
 * specialization) defined in the user's code is an instantiation clang
 * made, whatever caused it.
 */
static void consider_instantiation(struct walker *wk, CXCursor fn)
{
	/* the set first: most references share a few containers, and the
	 * tests after it cost more than the lookup */
	if (!cal_is_function_kind(clang_getCursorKind(fn)) || !seen_add(&wk->considered, fn) ||
	    clang_Cursor_isNull(clang_getSpecializedCursorTemplate(fn)) ||
	    !clang_isCursorDefinition(fn) || in_skipped_file(&wk->w, fn))
		return;
	GROW(wk->pending_inst, wk->alloc_pending_inst, wk->nr_pending_inst + 1);
	wk->pending_inst[wk->nr_pending_inst++] = fn;
}

static void on_index_reference(CXClientData data, const CXIdxEntityRefInfo *ref)
{
	if (ref->container)
		consider_instantiation(data, ref->container->cursor);
}

static void on_index_declaration(CXClientData data, const CXIdxDeclInfo *decl)
{
	consider_instantiation(data, decl->cursor);
	if (decl->semanticContainer)
		consider_instantiation(data, decl->semanticContainer->cursor);
}

/*
 * Without function-local symbols: reporting every parameter and local of
 * every function of every header (CCCL's included), each with a USR made,
 * costs about a sixth of a template-heavy file's run.  An instantiation
 * is still found through any reference its body makes to something not
 * local; where a template's body names only its own parameters and locals
 * (a spin on a volatile parameter), the pass indexes them too.
 */
static const unsigned index_options = CXIndexOpt_IndexImplicitTemplateInstantiations |
				      CXIndexOpt_SuppressWarnings;

/* One indexing pass over the parse; returns clang_indexTranslationUnit's result. */
static int index_parse(struct walker *wk, IndexerCallbacks *callbacks)
{
	CXIndex index = clang_createIndex(0, 0);
	CXIndexAction action = clang_IndexAction_create(index);
	int r;

	callbacks->indexDeclaration = on_index_declaration;
	callbacks->indexEntityReference = on_index_reference;
	r = clang_indexTranslationUnit(action, wk, callbacks, sizeof(*callbacks),
				       needs_local_symbols(wk) ?
					       index_options | CXIndexOpt_IndexFunctionLocalSymbols :
					       index_options,
				       wk->w.parse->tu);
	clang_IndexAction_dispose(action);
	clang_disposeIndex(index);
	return r;
}

/*
 * Can the indexing pass find an instantiation the walk has not met?  Not
 * where the parse lists them, nor where none is wanted (skip_index).
 */
static int needs_index_pass(const struct walker *wk)
{
	return wk->saw_template && wk->index_possible;
}

/* Instantiations the written code's calls did not lead to, each once. */
static void walk_pending_instantiations(struct walker *wk)
{
	struct cal_walk *w = &wk->w;
	size_t i;

	for (i = 0; i < wk->nr_pending_inst; i++) {
		CXCursor fn = wk->pending_inst[i];
		if (!seen_add(&wk->instantiated, fn))
			continue;
		w->depth = 1;
		w->stack[0] = fn;
		walk_specialization_body(wk, fn);
		w->depth = 0;
	}
}

static atomic_ulong walk_serial;

static void walk_begin(struct walker *wk, const struct cal_parse_info *parse,
		       const int *enabled, void **states, struct cal_findings *out)
{
	int i;

	memset(wk, 0, sizeof(*wk));
	wk->w.serial = atomic_fetch_add(&walk_serial, 1) + 1;
	wk->w.parse = parse;
	wk->w.out = out;
	wk->w.states = states;
	wk->w.function = clang_getNullCursor();
	wk->index_possible = !parse->skip_index && !parse->instantiations_listed;
	pthread_once(&by_kind_once, build_by_kind);
	for (i = 0; i < cal_nr_checks; i++)
		wk->runs[i] = (unsigned char)check_runs(parse, enabled, i);
	for (i = 0; i < cal_nr_checks; i++) {
		if (wk->runs[i] && cal_checks[i]->begin) {
			wk->w.current = cal_checks[i];
			states[i] = cal_checks[i]->begin(&wk->w);
		}
	}
}

/* Does a check run in this parse?  None: no walk, no indexing pass (nothing could be found). */
static int any_runs(const struct walker *wk)
{
	int i;

	for (i = 0; i < cal_nr_checks; i++)
		if (wk->runs[i])
			return 1;
	return 0;
}

static void walk_end(struct walker *wk)
{
	int i;

	for (i = 0; i < cal_nr_checks; i++) {
		if (wk->runs[i] && cal_checks[i]->end) {
			wk->w.current = cal_checks[i];
			cal_checks[i]->end(&wk->w, wk->w.states[i]);
			flush_pending(&wk->w);
		}
	}
	wk->ended = 1;
}

static void walker_release(struct walker *wk)
{
	seen_release(&wk->instantiated);
	seen_release(&wk->considered);
	free(wk->pending_inst);
}

/* The written code, and whether the indexing pass must follow. */
static void walk_written(struct walker *wk)
{
	CXCursor tu = clang_getTranslationUnitCursor(wk->w.parse->tu);
	size_t i;

	for (i = 0; i < wk->w.parse->nr_pch_decls; i++)
		child_visitor(wk->w.parse->pch_decls[i], tu, wk);
	walk_children(wk, tu);
	if (wk->index_possible && !wk->saw_template && wk->saw_plain_template &&
	    may_have_explicit_instantiation(wk))
		wk->saw_template = 1;
}

void cal_walk_parse(const struct cal_parse_info *parse, const int *enabled,
		    struct cal_findings *out)
{
	struct walker wk;
	void *states[CAL_MAX_CHECKS] = { 0 };
	IndexerCallbacks callbacks;

	walk_begin(&wk, parse, enabled, states, out);
	if (!any_runs(&wk))
		return;
	walk_written(&wk);
	/* indexing costs about a tenth of a parse: only where it can find some */
	if (needs_index_pass(&wk)) {
		memset(&callbacks, 0, sizeof(callbacks));
		index_parse(&wk, &callbacks);
		walk_pending_instantiations(&wk);
	}
	walk_end(&wk);
	walker_release(&wk);
}

/*
 * The guarded walk: a crash in the walk or a check (a bug, or the stack
 * of a pathological nesting) costs that parse its findings, never the
 * run.  It used to run inside an indexing pass for libclang's crash
 * recovery, but that pass traverses every declaration of every header
 * whatever its callbacks say, a tenth of the parse; the walk now has a
 * guard of its own, as libclang's is: signal handlers on their own stack
 * that jump back out, and the indexer runs only where it can find
 * instantiations.
 */
static _Thread_local sigjmp_buf *guard_jump;
static const int guarded_signals[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT };
#define NR_GUARDED_SIGNALS (sizeof(guarded_signals) / sizeof(guarded_signals[0]))
#define GUARD_STACK_SIZE (256 * 1024)

static void guard_handler(int sig)
{
	(void)sig;
	siglongjmp(*guard_jump, 1);
}

struct guard {
	struct sigaction saved[NR_GUARDED_SIGNALS];
	stack_t saved_stack;
	void *stack;
};

static void guard_install(struct guard *g)
{
	struct sigaction sa;
	stack_t ss;
	size_t i;

	g->stack = xcalloc(1, GUARD_STACK_SIZE);
	memset(&ss, 0, sizeof(ss));
	ss.ss_sp = g->stack;
	ss.ss_size = GUARD_STACK_SIZE;
	sigaltstack(&ss, &g->saved_stack);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = guard_handler;
	sa.sa_flags = SA_ONSTACK | SA_NODEFER;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < NR_GUARDED_SIGNALS; i++)
		sigaction(guarded_signals[i], &sa, &g->saved[i]);
}

static void guard_remove(struct guard *g)
{
	size_t i;

	for (i = 0; i < NR_GUARDED_SIGNALS; i++)
		sigaction(guarded_signals[i], &g->saved[i], NULL);
	sigaltstack(&g->saved_stack, NULL);
	free(g->stack);
}

/* Run step(wk) under the guard: 0, or -1 where it crashed. */
static int run_guarded(void (*step)(struct walker *), struct walker *wk)
{
	sigjmp_buf jump;
	struct guard g;
	int crashed = 0;

	guard_install(&g);
	guard_jump = &jump;
	if (sigsetjmp(jump, 1) == 0)
		step(wk);
	else
		crashed = 1;
	guard_jump = NULL;
	guard_remove(&g);
	return crashed ? -1 : 0;
}

static void written_step(struct walker *wk)
{
	if (wk->crash_test)
		raise(SIGSEGV);
	walk_written(wk);
}

static void finish_step(struct walker *wk)
{
	struct cal_profile_mark m;

	cal_profile_start(&m);
	walk_pending_instantiations(wk);
	cal_profile_lap(&m, "walk (instantiations)");
	walk_end(wk);
	cal_profile_lap(&m, "checks' end");
}

/* A test names a file whose walk must crash (see cal_walk_parse_guarded). */
static int crash_test_wanted(const char *main_file)
{
	const char *name = getenv("CUATOMLINT_TEST_WALK_CRASH");

	return name && *name && strstr(main_file, name);
}

int cal_walk_parse_guarded(const struct cal_parse_info *parse, const int *enabled,
			   struct cal_findings *out)
{
	struct walker wk;
	void *states[CAL_MAX_CHECKS] = { 0 };
	struct cal_findings found = { 0 };
	IndexerCallbacks callbacks;
	struct cal_profile_mark m;
	size_t i;
	int crashed;

	cal_profile_start(&m);
	walk_begin(&wk, parse, enabled, states, &found);
	if (!any_runs(&wk))
		return 0;
	wk.crash_test = crash_test_wanted(parse->main_file);
	crashed = run_guarded(written_step, &wk) < 0;
	cal_profile_lap(&m, "walk (written code)");
	if (!crashed && needs_index_pass(&wk)) {
		/* libclang's own crash recovery guards the indexing pass */
		memset(&callbacks, 0, sizeof(callbacks));
		crashed = index_parse(&wk, &callbacks) != 0;
		cal_profile_lap(&m, "indexing pass");
	}
	crashed = crashed || run_guarded(finish_step, &wk) < 0;
	if (crashed) {
		/* the checks' states and the pending finding are lost with the crash */
		cal_findings_release(&found);
		return -1;
	}
	walker_release(&wk);
	for (i = 0; i < found.nr; i++)
		cal_findings_take(out, &found.items[i]);
	free(found.items);
	return 0;
}
