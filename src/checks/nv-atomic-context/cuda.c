/*
 * nv-atomic-context: an __nv_atomic_* builtin where nvcc accepts no
 * builtin: anything but a direct call in a function body.
 *
 * nvcc rejects a builtin called in a constructor's member-initializer list
 * (also inside a lambda there), in a default member initializer or a
 * default argument, used as a template default argument, and any use that
 * takes its address (&__nv_atomic_load_n, a function pointer initialized
 * or assigned from it, a callback argument, a table entry).  Calls in
 * function, constructor and lambda bodies are fine.
 *
 * Clang parses every function in every parse, so the check runs on all of
 * them and lets the merge of equal findings keep one.  A call reached
 * through a template instantiation is judged in the template's own body:
 * its ancestors on the walk's stack belong to the call site, not to it.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "parse/ast.h"
#include "parse/check.h"
#include "parse/user_words.h"
#include "fixits/edit.h"
#include "cuatomlint/strbuf.h"
#include "atomics/nv_atomic.h"
#include "checks/nv-atomic-context/fixes.h"

enum place {
	PLACE_BODY,		/* fine */
	PLACE_CTOR_INIT,
	PLACE_MEMBER_INIT,
	PLACE_DEFAULT_ARG,
	PLACE_TEMPLATE_DEFAULT,
};

struct where {
	enum place place;
	CXCursor owner;		/* the constructor, field, parameter or template parameter */
	CXCursor init;		/* PLACE_CTOR_INIT: the initializer's expression */
};

static int is_template_param(enum CXCursorKind k)
{
	return k == CXCursor_NonTypeTemplateParameter || k == CXCursor_TemplateTypeParameter ||
	       k == CXCursor_TemplateTemplateParameter;
}

/* A body reached from a call site expression: an instantiated function's. */
static int crossed_into_callee(CXCursor prev, enum CXCursorKind k)
{
	return clang_getCursorKind(prev) == CXCursor_CompoundStmt && clang_isExpression(k) &&
	       k != CXCursor_LambdaExpr && k != CXCursor_StmtExpr;
}

static struct where place_of(const struct cal_walk *w, CXCursor c)
{
	struct where r = { PLACE_BODY, clang_getNullCursor(), clang_getNullCursor() };
	CXCursor prev = c, p;
	int n;

	for (n = 0; !clang_Cursor_isNull(p = cal_walk_parent(w, n)); n++, prev = p) {
		enum CXCursorKind k = clang_getCursorKind(p);
		r.owner = p;
		if (crossed_into_callee(prev, k))
			break;
		if (k == CXCursor_Constructor) {
			if (clang_getCursorKind(prev) != CXCursor_CompoundStmt &&
			    clang_isExpression(clang_getCursorKind(prev))) {
				r.place = PLACE_CTOR_INIT;
				r.init = prev;
			}
			break;
		}
		if (k == CXCursor_ParmDecl) {
			r.place = PLACE_DEFAULT_ARG;
			break;
		}
		if (k == CXCursor_FieldDecl) {
			r.place = PLACE_MEMBER_INIT;
			break;
		}
		if (is_template_param(k)) {
			r.place = PLACE_TEMPLATE_DEFAULT;
			break;
		}
		if (cal_is_function_kind(k))
			break;
	}
	return r;
}

/* Is ref (a reference to a builtin) the callee of a call, under casts and parentheses? */
static int is_direct_callee(const struct cal_walk *w, CXCursor ref)
{
	CXCursor child = ref, p;
	int n = 0;

	for (;;) {
		enum CXCursorKind k;
		p = cal_walk_parent(w, n++);
		k = clang_getCursorKind(p);
		/* an unresolved name in a template is a DeclRefExpr over an OverloadedDeclRef */
		if ((k != CXCursor_UnexposedExpr && k != CXCursor_ParenExpr &&
		     k != CXCursor_DeclRefExpr) || cal_nr_children(p) != 1)
			break;
		child = p;
	}
	return clang_getCursorKind(p) == CXCursor_CallExpr &&
	       clang_equalCursors(cal_child(p, 0), child);
}

/* The builtin a DeclRefExpr or OverloadedDeclRef names, or a null cursor. */
static CXCursor referenced_builtin(const struct cal_walk *w, CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor d = clang_getNullCursor();

	if (k == CXCursor_DeclRefExpr)
		d = clang_getCursorReferenced(c);
	else if (k == CXCursor_OverloadedDeclRef && clang_getNumOverloadedDecls(c) > 0)
		d = clang_getOverloadedDecl(c, 0);
	if (clang_Cursor_isNull(d) || !cal_is_nv_atomic_builtin(w, d))
		return clang_getNullCursor();
	return d;
}

static const char *const only_direct =
	"nvcc accepts __nv_atomic_* builtins only as direct calls in a function body";
/* nvcc 13's own words for a builtin used as a value (nvcc -arch=sm_90 -c) */
static const char *const nvcc_value = "nvcc: \"nv atomic function must be called directly\"";
static const char *const nvcc_template_default =
	"nvcc: argument of type \"void (*)(...)\" is incompatible with template parameter";

static void report_ctor_init(struct cal_walk *w, CXCursor call, const char *name,
			     const struct where *at)
{
	char *ctor = cal_cursor_name(at->owner);
	struct cal_finding *f;
	const char *why;

	f = cal_report(w, call, "'%s' called in the member initializer list of constructor "
		       "'%s': %s", name, ctor, only_direct);
	if (cal_nv_fix_move_initializer(w, f, at->owner, at->init, &why) < 0)
		cal_note_at(w, f, at->init, "%s", why);
	free(ctor);
}

static void report_call(struct cal_walk *w, CXCursor call, const char *name,
			const struct where *at)
{
	char *owner = cal_cursor_name(at->owner);

	switch (at->place) {
	case PLACE_CTOR_INIT:
		report_ctor_init(w, call, name, at);
		break;
	case PLACE_MEMBER_INIT:
		cal_report(w, call, "'%s' called in the default member initializer of '%s': %s",
			   name, owner, only_direct);
		break;
	case PLACE_DEFAULT_ARG:
		cal_report(w, call, "'%s' called in the default argument of parameter '%s': %s",
			   name, owner, only_direct);
		break;
	case PLACE_TEMPLATE_DEFAULT:
		cal_report(w, call, "'%s' called in a template default argument: %s", name,
			   only_direct);
		break;
	case PLACE_BODY:
		break;
	}
	free(owner);
}

/* The outermost declaration around the cursor, below namespaces and linkage specs. */
static CXCursor top_level_declaration(const struct cal_walk *w)
{
	int i;

	for (i = 0; i < w->depth; i++) {
		enum CXCursorKind k = clang_getCursorKind(w->stack[i]);
		if (k != CXCursor_TranslationUnit && k != CXCursor_Namespace &&
		    k != CXCursor_LinkageSpec && k != CXCursor_UnexposedDecl)
			return w->stack[i];
	}
	return clang_getNullCursor();
}

/*
 * The function type the reference resolves to: its own, or where clang
 * keeps only the overload set there, that of the conversion or the
 * initialized table element around it.
 */
static CXType referenced_function_type(const struct cal_walk *w, CXCursor ref)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(ref));
	int n;

	for (n = 0; n < 3 && t.kind != CXType_FunctionProto; n++) {
		t = clang_getCanonicalType(clang_getCursorType(cal_walk_parent(w, n)));
		if (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray)
			t = clang_getCanonicalType(clang_getArrayElementType(t));	/* a table */
		if (t.kind == CXType_Pointer)
			t = clang_getCanonicalType(clang_getPointeeType(t));
	}
	return t;
}

static void report_address(struct cal_walk *w, CXCursor ref, const char *name)
{
	struct where at = place_of(w, ref);
	CXCursor top = top_level_declaration(w);
	struct cal_finding *f;
	const char *why = "no enclosing declaration to put a wrapper before";

	if (at.place == PLACE_TEMPLATE_DEFAULT) {
		f = cal_report(w, ref, "'%s' used as a template default argument, which takes "
			       "its address: %s (%s)", name, only_direct, nvcc_template_default);
		cal_note_at(w, f, ref, "make the template parameter a __device__ wrapper "
			    "function that calls the builtin");
		return;
	}
	f = cal_report(w, ref, "address of '%s' taken: %s (%s)", name, only_direct, nvcc_value);
	if (w->in_instantiation)
		why = "the wrapper would be needed where the template is defined; call the "
		      "builtin directly instead";
	else if (!clang_Cursor_isNull(top) &&
		 cal_nv_fix_wrapper(w, f, ref, referenced_function_type(w, ref), name, top,
				    &why) == 0)
		return;
	cal_note_at(w, f, ref, "%s", why);
}

static int is_identifier_char(char c)
{
	return c == '_' || isalnum((unsigned char)c);
}

/*
 * Is ref a template parameter's use that an instantiation replaced with the
 * builtin (F in "template <load_fn F = __nv_atomic_load_n> ... F(p, ...)")?
 * The builtin is reported where it is written, as the argument, not again
 * at each use of the parameter.
 */
static int is_substituted_parameter(const struct cal_walk *w, CXCursor ref, const char *name)
{
	CXFile file;
	unsigned offset;
	size_t size, n = strlen(name);
	const char *text;

	clang_getSpellingLocation(clang_getCursorLocation(ref), &file, NULL, NULL, &offset);
	text = file ? cal_file_contents(w->parse->tu, file, &size) : NULL;
	return text && (offset + n > size || strncmp(text + offset, name, n) ||
			is_identifier_char(text[offset + n]));
}

static size_t skip_blanks(const char *text, size_t at, size_t size)
{
	while (at < size && isspace((unsigned char)text[at]))
		at++;
	return at;
}

/*
 * The first builtin named but not called in text[at, end of the
 * initializer): its offset and length, or 0.  A template parameter's
 * default (in_template) also ends at a '>' outside brackets.
 */
static size_t builtin_in_initializer(const char *text, size_t at, size_t size, int in_template,
				     size_t *begin)
{
	size_t limit = at + 512 < size ? at + 512 : size, b, n;
	int depth = 0, known;
	char *name;

	while (at < limit) {
		char c = text[at];
		if ((c == ';' || c == ',' || (c == '>' && in_template)) && !depth)
			return 0;
		if (c == '(' || c == '[' || c == '{')
			depth++;
		else if ((c == ')' || c == ']' || c == '}') && --depth < 0)
			return 0;
		if (!is_identifier_char(c) || (at > 0 && is_identifier_char(text[at - 1]))) {
			at++;
			continue;
		}
		for (b = at; at < limit && is_identifier_char(text[at]); at++)
			;
		n = at - b;
		if (n > 12 && !strncmp(text + b, "__nv_atomic_", 12) &&
		    skip_blanks(text, at, size) < size && text[skip_blanks(text, at, size)] != '(') {
			name = xstrndup(text + b, n);
			known = cal_nv_builtin_find(name) != NULL;
			free(name);
			if (known) {
				*begin = b;
				return n;
			}
		}
	}
	return 0;
}

/*
 * The builtin named, not called, in the initializer clang dropped after
 * declaration decl ('= ...' after its extent): its range in *r and its
 * name (caller frees), or NULL.
 */
static char *dropped_builtin(const struct cal_walk *w, CXCursor decl, int in_template,
			     CXSourceRange *r)
{
	CXFile file;
	unsigned end;
	size_t size, at, b = 0, n;
	const char *text;

	if (cal_direct_position(clang_getRangeEnd(clang_getCursorExtent(decl)), &file, NULL, NULL,
				&end) < 0 ||
	    !(text = cal_file_contents(w->parse->tu, file, &size)))
		return NULL;
	at = skip_blanks(text, end, size);
	if (at >= size || text[at] != '=' ||
	    !(n = builtin_in_initializer(text, at + 1, size, in_template, &b)))
		return NULL;
	*r = clang_getRange(clang_getLocationForOffset(w->parse->tu, file, (unsigned)b),
			    clang_getLocationForOffset(w->parse->tu, file, (unsigned)(b + n)));
	return xstrndup(text + b, n);
}

/*
 * "auto f = __nv_atomic_load_n;", "void *v = (void *)&__nv_atomic_load_n;":
 * clang cannot make a value of the prelude's builtin template (a clang
 * error), and keeps no initializer in the AST, so the builtin is read from
 * the text after the variable's declarator.  nvcc rejects it as a value.
 */
static void report_dropped_initializer(struct cal_walk *w, CXCursor var)
{
	CXSourceRange r;
	char *name;

	if (!w->parse->partial ||
	    (!clang_isInvalidDeclaration(var) &&
	     !clang_Cursor_isNull(clang_Cursor_getVarDeclInitializer(var))) ||
	    !(name = dropped_builtin(w, var, 0, &r)))
		return;
	cal_note_at(w, cal_report_range(w, r, "'%s' used as a value: %s (%s)", name, only_direct,
					nvcc_value),
		    var, "no automatic fix: call the builtin directly, or through a __device__ "
		    "function that calls it");
	free(name);
}

/*
 * "template <void *F = (void *)__nv_atomic_load_n>": clang cannot convert
 * the builtin (an "address of overloaded function" error) and keeps no
 * default for the parameter, so the builtin is read from the text after
 * it.  nvcc rejects it (here "expression must have a constant value").
 * The finding names the template, whose calls clang then cannot deduce.
 */
static void report_dropped_template_default(struct cal_walk *w, CXCursor parm)
{
	CXCursor tmpl = clang_getCursorSemanticParent(parm);
	char *name, *parm_name, *tmpl_name;
	struct cal_finding *f;
	CXSourceRange r;

	if (!w->parse->partial || w->in_instantiation ||
	    !(name = dropped_builtin(w, parm, 1, &r)))
		return;
	parm_name = cal_cursor_name(parm);
	tmpl_name = cal_cursor_name(tmpl);
	f = cal_report_range(w, r, "'%s' used as the default argument of template parameter '%s' "
			     "of '%s', which takes its address: %s", name, parm_name, tmpl_name,
			     only_direct);
	cal_note_at(w, f, parm, "make the template parameter a __device__ wrapper function that "
		    "calls the builtin");
	free(tmpl_name);
	free(parm_name);
	free(name);
}

static void context_visit(struct cal_walk *w, CXCursor c, void *state)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor builtin;
	char *name;

	(void)state;
	if (k == CXCursor_VarDecl) {
		report_dropped_initializer(w, c);
		return;
	}
	if (k == CXCursor_NonTypeTemplateParameter) {
		report_dropped_template_default(w, c);
		return;
	}
	if (k == CXCursor_CallExpr) {
		struct where at;
		builtin = cal_nv_atomic_callee(w, c);
		if (clang_Cursor_isNull(builtin))
			return;
		at = place_of(w, c);
		if (at.place == PLACE_BODY)
			return;
		name = cal_cursor_name(builtin);
		report_call(w, c, name, &at);
		free(name);
		return;
	}
	builtin = referenced_builtin(w, c);
	if (clang_Cursor_isNull(builtin) || is_direct_callee(w, c))
		return;
	name = cal_cursor_name(builtin);
	if (!w->in_instantiation || !is_substituted_parameter(w, c, name))
		report_address(w, c, name);
	free(name);
}

/* clang's errors for a builtin used as a value: no type for it, or no conversion. */
static int is_value_use_error(const struct cal_finding *e)
{
	static const char tail[] = "has incompatible initializer of type '<overloaded function type>'";
	static const char addr[] = "address of overloaded function '__nv_atomic_";
	size_t n = strlen(e->message), t = sizeof(tail) - 1;

	if (strcmp(e->check, "clang-diagnostic-error"))
		return 0;
	return (!strncmp(e->message, "variable '", 10) && n > t &&
		!strcmp(e->message + n - t, tail)) ||
	       !strncmp(e->message, addr, sizeof(addr) - 1);
}

static int value_use_on_line(const struct cal_finding *e, const struct cal_findings *found,
			     size_t first)
{
	size_t i;

	for (i = first; i < found->nr; i++) {
		const struct cal_finding *f = &found->items[i];
		if (!strcmp(f->check, "nv-atomic-context") && f->range.begin.file &&
		    e->range.begin.file && !strcmp(f->range.begin.file, e->range.begin.file) &&
		    f->range.begin.line == e->range.begin.line &&
		    (strstr(f->message, "' used as a value: ") ||
		     strstr(f->message, "' used as the default argument of template parameter '")))
			return 1;
	}
	return 0;
}

/*
 * clang's "no matching function for call to 'NAME'" where a finding
 * reported the builtin as the dropped default of a template parameter of
 * NAME: the call deduces nothing for the parameter clang left without a
 * default.  nvcc reports the default only.
 */
static int call_of_reported_template(const struct cal_finding *e, const struct cal_findings *found,
				     size_t first)
{
	static const char head[] = "no matching function for call to '";
	const char *name = e->message + sizeof(head) - 1;
	size_t i, n;
	char *tail;
	int hit = 0;

	if (strcmp(e->check, "clang-diagnostic-error") || strncmp(e->message, head, sizeof(head) - 1))
		return 0;
	n = strlen(name);
	if (!n || name[n - 1] != '\'')
		return 0;
	tail = xasprintf(" of '%s, which takes its address: ", name);
	for (i = first; i < found->nr && !hit; i++)
		hit = !strcmp(found->items[i].check, "nv-atomic-context") &&
		      strstr(found->items[i].message, tail) != NULL;
	free(tail);
	return hit;
}

/*
 * "auto f = __nv_atomic_load_n;" makes clang say "variable 'f' with type
 * 'auto' has incompatible initializer of type '<overloaded function type>'"
 * (the prelude declares the builtins as templates), while nvcc's complaint
 * is that the builtin is used as a value, which this check reports: each
 * such error on a line where a "used as a value" finding among
 * found->items[first..] reports the builtin is dropped from errors, not
 * being the user's error.
 */
static void context_explain_errors(struct cal_findings *errors, const struct cal_findings *found,
				   size_t first)
{
	size_t i, kept = 0;

	for (i = 0; i < errors->nr; i++) {
		struct cal_finding *e = &errors->items[i];
		if ((is_value_use_error(e) && value_use_on_line(e, found, first)) ||
		    call_of_reported_template(e, found, first)) {
			cal_finding_clear(e);
			continue;
		}
		errors->items[kept++] = *e;
	}
	errors->nr = kept;
}

const struct cal_check cal_check_nv_atomic_context = {
	.id = "nv-atomic-context",
	.severity = CAL_SEV_ERROR,
	.enabled_by_default = 1,
	.summary = "__nv_atomic_* builtin used other than as a direct call in a function body "
		   "(constructor initializer list, template default argument, address taken)",
	.doc = "nv-atomic-context.md",
	.kinds = CAL_KINDS(CXCursor_VarDecl, CXCursor_CallExpr, CXCursor_DeclRefExpr,
			 CXCursor_OverloadedDeclRef, CXCursor_NonTypeTemplateParameter),
	.needs_words = CAL_WORD_ATOMIC,
	.explain_errors = context_explain_errors,
	.visit = context_visit,
};
