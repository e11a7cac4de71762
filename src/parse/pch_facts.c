#include "parse/pch_facts.h"

#include <stdlib.h>
#include <string.h>

#include "cuatomlint/strbuf.h"
#include "parse/arch_dependence.h"
#include "parse/ast.h"
#include "util/hash.h"

/* ---- making them, from the PCH build's parse ---- */

/* The files by name: open addressing over facts->files. */
struct file_table {
	struct cal_pch_facts *facts;
	size_t *slots;		/* index + 1; 0: free */
	size_t cap;
	CXFile last;		/* the last file looked up, and its index: records come in runs */
	size_t last_at;
};

static size_t name_hash(const char *s)
{
	return (size_t)cal_fnv1a(s, strlen(s));
}

static void table_grow(struct file_table *t)
{
	size_t i, cap = t->cap ? 2 * t->cap : 256;

	free(t->slots);
	t->slots = xcalloc(cap, sizeof(*t->slots));
	t->cap = cap;
	for (i = 0; i < t->facts->nr_files; i++) {
		size_t h = name_hash(t->facts->files[i].name) & (cap - 1);
		while (t->slots[h])
			h = (h + 1) & (cap - 1);
		t->slots[h] = i + 1;
	}
}

/* The index of file in facts->files (added if new); system: -1 if not known. */
static size_t file_at(struct file_table *t, CXFile file, int system)
{
	struct cal_pch_facts *f = t->facts;
	char *name;
	size_t h;

	if (t->last && clang_File_isEqual(t->last, file)) {
		if (f->files[t->last_at].system < 0)
			f->files[t->last_at].system = system;
		return t->last_at;
	}
	if (2 * (f->nr_files + 1) > t->cap)
		table_grow(t);
	name = cal_take_string(clang_getFileName(file));
	h = name_hash(name) & (t->cap - 1);
	while (t->slots[h] && strcmp(f->files[t->slots[h] - 1].name, name))
		h = (h + 1) & (t->cap - 1);
	if (t->slots[h]) {
		free(name);
	} else {
		GROW(f->files, f->alloc_files, f->nr_files + 1);
		f->files[f->nr_files].name = name;
		f->files[f->nr_files].system = -1;
		t->slots[h] = ++f->nr_files;
	}
	t->last = file;
	t->last_at = t->slots[h] - 1;
	if (f->files[t->last_at].system < 0)
		f->files[t->last_at].system = system;
	return t->last_at;
}

struct maker {
	CXTranslationUnit tu;
	const char *ours;
	struct file_table files;
};

static void add_macro(struct maker *m, CXCursor c)
{
	struct cal_pch_facts *f = m->files.facts;
	CXSourceLocation loc = clang_getCursorLocation(c);
	struct cal_pch_macro *mac;
	CXFile file = NULL;
	unsigned offset = 0;

	clang_getSpellingLocation(loc, &file, NULL, NULL, &offset);
	GROW(f->macros, f->alloc_macros, f->nr_macros + 1);
	mac = &f->macros[f->nr_macros++];
	mac->file = file ? (long)file_at(&m->files, file, clang_Location_isInSystemHeader(loc))
			 : -1;
	mac->offset = offset;
	mac->name = cal_take_string(clang_getCursorSpelling(c));
	mac->text = cal_macro_definition_text(m->tu, c);
}

static void add_include(struct maker *m, CXCursor c)
{
	struct cal_pch_facts *f = m->files.facts;
	CXSourceLocation loc = clang_getCursorLocation(c);
	CXFile file = NULL, included = clang_getIncludedFile(c);
	unsigned line = 0;
	size_t from;

	clang_getSpellingLocation(loc, &file, &line, NULL, NULL);
	if (!file || !included || clang_Location_isInSystemHeader(loc))
		return;
	from = file_at(&m->files, file, 0);
	GROW(f->incs, f->alloc_incs, f->nr_incs + 1);
	f->incs[f->nr_incs].from = from;
	f->incs[f->nr_incs].line = line;
	f->incs[f->nr_incs++].to = file_at(&m->files, included, -1);
}

/*
 * The places to look the declaration c up, tried in this order on a parse
 * on the PCH (cal_pch_facts_choose): its name; the name in a macro's
 * argument; the first token (a template, whose templated declaration is
 * what clang_getCursor finds at the name in a PCH).
 */
static void add_tries(struct maker *m, CXCursor c, CXFile file, unsigned offset)
{
	struct cal_pch_facts *f = m->files.facts;
	struct cal_pch_try *t;
	CXSourceLocation loc = clang_getCursorLocation(c);
	CXFile spelled = NULL, first = NULL;
	unsigned spelling = 0, start = 0;

	clang_getSpellingLocation(loc, &spelled, NULL, NULL, &spelling);
	clang_getExpansionLocation(clang_getRangeStart(clang_getCursorExtent(c)), &first, NULL,
				   NULL, &start);
	GROW(f->tries, f->alloc_tries, f->nr_decls);
	t = f->tries[f->nr_decls - 1];
	memset(t, 0, CAL_PCH_TRIES * sizeof(*t));
	t[0].offset = offset;
	t[0].valid = 1;
	t[1].offset = spelling;
	t[1].how = CAL_PCH_BY_ARGUMENT;
	t[1].valid = spelled && clang_File_isEqual(spelled, file) && spelling != offset;
	t[2].offset = start;
	t[2].how = CAL_PCH_BY_TOKENS;
	t[2].valid = first && clang_File_isEqual(first, file) && start < offset;
}

/*
 * Kinds no check judges (none has them in its kind list, and those without
 * one look at functions, calls, references and asm only) and that make the
 * walk note nothing: types, template parameters, aliases.
 */
static int judged_by_none(enum CXCursorKind kind)
{
	switch (kind) {
	case CXCursor_UnexposedDecl:	/* a variable template */
	case CXCursor_TypeAliasTemplateDecl:
	case CXCursor_TypeAliasDecl:
	case CXCursor_TypedefDecl:
	case CXCursor_TemplateTypeParameter:
	case CXCursor_TemplateTemplateParameter:
	case CXCursor_ParmDecl:
	case CXCursor_TypeRef:
	case CXCursor_TemplateRef:
	case CXCursor_NamespaceRef:
		return 1;
	default:
		return 0;
	}
}

static enum CXChildVisitResult judged_visitor(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	if (judged_by_none(clang_getCursorKind(c)))
		return CXChildVisit_Recurse;
	*(int *)data = 1;
	return CXChildVisit_Break;
}

/*
 * Does walking c meet nothing at all?  A variable or alias template (which
 * clang_getCursor cannot find in a PCH: it finds the templated declaration
 * at the name, and the first token has no cursor there) made of types and
 * template parameters only.
 */
static int walks_to_nothing(CXCursor c, enum CXCursorKind kind)
{
	int judged = 0;

	if (!judged_by_none(kind))
		return 0;
	clang_visitChildren(c, judged_visitor, &judged);
	return !judged;
}

static void add_decl(struct maker *m, CXCursor c, enum CXCursorKind kind)
{
	struct cal_pch_facts *f = m->files.facts;
	CXSourceLocation loc = clang_getCursorLocation(c);
	CXFile file = NULL;
	unsigned offset = 0;
	size_t at;

	clang_getExpansionLocation(loc, &file, NULL, NULL, &offset);
	/* what the walk skips (walk.c's in_skipped_file): the tool's own files too */
	if (!file || clang_Location_isInSystemHeader(loc))
		return;
	at = file_at(&m->files, file, 0);
	if (!strncmp(f->files[at].name, m->ours, strlen(m->ours)))
		return;
	GROW(f->decls, f->alloc_decls, f->nr_decls + 1);
	f->decls[f->nr_decls].file = at;
	f->decls[f->nr_decls].offset = offset;
	f->decls[f->nr_decls].kind = (int)kind;
	f->nr_decls++;
	add_tries(m, c, file, offset);
	f->tries[f->nr_decls - 1][0].empty = walks_to_nothing(c, kind);
}

static enum CXChildVisitResult make_visitor(CXCursor c, CXCursor parent, CXClientData data)
{
	enum CXCursorKind kind = clang_getCursorKind(c);

	(void)parent;
	if (kind == CXCursor_MacroDefinition)
		add_macro(data, c);
	else if (kind == CXCursor_InclusionDirective)
		add_include(data, c);
	else if (clang_isDeclaration(kind))
		add_decl(data, c, kind);
	return CXChildVisit_Continue;
}

static CXSourceLocation location_at(struct cal_pch_view *v, size_t i, CXFile file,
				    unsigned offset);

/*
 * The cursor libclang gives the first token of [from, to]: a template's
 * own.  clang_getCursor cannot find it in a PCH: the PCH files each
 * declaration under its name's place, the templated declaration's too,
 * which is met after the template there, and a place before the name
 * reaches neither.
 */
static CXCursor first_token_cursor(struct cal_pch_view *v, size_t i, CXFile file, unsigned from,
				   unsigned to)
{
	CXSourceLocation a = location_at(v, i, file, from);
	CXSourceLocation b = location_at(v, i, file, to);
	CXToken *toks = NULL;
	CXCursor *cursors, c = clang_getNullCursor();
	unsigned n = 0;

	clang_tokenize(v->tu, clang_getRange(a, b), &toks, &n);
	if (n) {
		cursors = xcalloc(n, sizeof(*cursors));
		clang_annotateTokens(v->tu, toks, n, cursors);
		c = cursors[0];
		free(cursors);
	}
	if (toks)
		clang_disposeTokens(v->tu, toks, n);
	return c;
}

/* Is loc at offset of file (spelled there)? */
static int is_at(CXSourceLocation loc, CXFile file, unsigned offset);

/*
 * The expansion of a macro's argument spelled at offset of file, where
 * clang_getCursor looks past the macro expansion to the declaration:
 * clang_getLocationForOffset gives it, but from the parse's own entry of
 * a file it enters again; raw, the encoding the build found (the PCH is
 * loaded at the same place), is taken where it is spelled there.
 */
static CXSourceLocation argument_location(struct cal_pch_view *v, CXFile file, unsigned offset,
					  unsigned raw)
{
	CXSourceLocation loc = v->any;

	loc.int_data = raw;
	if (raw && loc.ptr_data[0] && is_at(loc, file, offset))
		return loc;
	return clang_getLocationForOffset(v->tu, file, offset);
}

/*
 * Look up the declaration named at name at offset, the way how says
 * (cal_pch_try; raw: argument_location's).
 */
static CXCursor look_up(struct cal_pch_view *v, size_t i, CXFile file, unsigned offset, int how,
			unsigned name, unsigned raw)
{
	if (how == CAL_PCH_BY_ARGUMENT)
		return clang_getCursor(v->tu, argument_location(v, file, offset, raw));
	if (how == CAL_PCH_BY_TOKENS)
		return first_token_cursor(v, i, file, offset, name);
	return clang_getCursor(v->tu, location_at(v, i, file, offset));
}

static int is_decl(CXCursor c, CXFile file, const struct cal_pch_decl *d);
static void view_init(struct cal_pch_view *v, const struct cal_pch_facts *facts,
		      CXTranslationUnit tu);

/*
 * The encoding of the start of files[i] in this parse, which loads the
 * PCH: a parse on the same PCH loads it at the same place, and finds the
 * file's declarations from there even where it enters the file again
 * itself (clang_getLocationForOffset would give its own entry).
 */
static unsigned pch_file_start(struct cal_pch_view *v, CXFile file)
{
	return clang_getLocationForOffset(v->tu, file, 0).int_data;
}

int cal_pch_facts_choose(struct cal_pch_facts *f, CXTranslationUnit tu)
{
	struct cal_pch_view v;
	size_t i;
	int k = 0;

	view_init(&v, f, tu);
	f->decls_found = f->tries != NULL || !f->nr_decls;
	for (i = 0; i < f->nr_decls && f->decls_found; i++) {
		struct cal_pch_decl *d = &f->decls[i];
		CXFile file = cal_pch_view_file(&v, d->file);
		if (file && !f->files[d->file].raw_base)
			f->files[d->file].raw_base = pch_file_start(&v, file);
		for (k = 0; file && k < CAL_PCH_TRIES; k++) {
			const struct cal_pch_try *t = &f->tries[i][k];
			if (t->valid && is_decl(look_up(&v, d->file, file, t->offset, t->how,
							d->offset, 0),
						file, d))
				break;
		}
		if (file && k == CAL_PCH_TRIES && f->tries[i][0].empty) {
			d->how = CAL_PCH_NOTHING;	/* not looked up: nothing to walk */
			continue;
		}
		f->decls_found = file && k < CAL_PCH_TRIES;
		if (f->decls_found) {
			d->lookup = f->tries[i][k].offset;
			d->how = f->tries[i][k].how;
			if (d->how == CAL_PCH_BY_ARGUMENT)
				d->raw = clang_getLocationForOffset(tu, file, d->lookup).int_data;
		}
	}
	cal_pch_view_release(&v);
	return f->decls_found ? 0 : -1;
}

void cal_pch_facts_make(CXTranslationUnit tu, const char *ours, unsigned words,
			const char *host_unread, struct cal_pch_facts *out)
{
	struct maker m;

	memset(out, 0, sizeof(*out));
	memset(&m, 0, sizeof(m));
	m.tu = tu;
	m.ours = ours;
	m.files.facts = out;
	out->words = words;
	out->host_unread = host_unread ? xstrdup(host_unread) : NULL;
	clang_visitChildren(clang_getTranslationUnitCursor(tu), make_visitor, &m);
	free(m.files.slots);
	out->decls_found = !out->nr_decls;	/* else once cal_pch_facts_choose() says */
}

/* ---- bound to a parse ---- */

CXFile cal_pch_view_file(struct cal_pch_view *v, size_t i)
{
	if (i >= v->facts->nr_files)
		return NULL;
	if (!v->looked_up[i]) {
		v->looked_up[i] = 1;
		v->handles[i] = clang_getFile(v->tu, v->facts->files[i].name);
	}
	return v->handles[i];
}

static int is_at(CXSourceLocation loc, CXFile file, unsigned offset)
{
	CXFile got = NULL;
	unsigned at = 0;

	clang_getSpellingLocation(loc, &got, NULL, NULL, &at);
	return got && clang_File_isEqual(got, file) && at == offset;
}

/*
 * The location at offset of files[i].  clang_getLocationForOffset searches
 * the source manager's whole entry table (the PCH's thousands of macro
 * expansions included) and gives the parse's own entry of a file it
 * enters again: the start of the PCH's entry is known from the PCH's
 * build (pch_file_start), and a location past a file's start is made
 * from it, a file location's encoding being its offset in the source
 * manager's space (checked on every one made).
 */
static CXSourceLocation location_at(struct cal_pch_view *v, size_t i, CXFile file,
				    unsigned offset)
{
	CXSourceLocation loc;

	if (!v->have_base[i]) {
		v->have_base[i] = 1;
		loc = v->any;
		loc.int_data = v->facts->files[i].raw_base;
		if (v->facts->files[i].raw_base && loc.ptr_data[0] && is_at(loc, file, 0))
			v->bases[i] = loc;
		else
			v->bases[i] = clang_getLocationForOffset(v->tu, file, 0);
	}
	loc = v->bases[i];
	loc.int_data += offset;
	if (!clang_equalLocations(v->bases[i], clang_getNullLocation()) &&
	    is_at(loc, file, offset))
		return loc;
	return clang_getLocationForOffset(v->tu, file, offset);
}

/* Is c the declaration d describes? */
static int is_decl(CXCursor c, CXFile file, const struct cal_pch_decl *d)
{
	CXFile got = NULL;
	unsigned offset = 0;

	if ((int)clang_getCursorKind(c) != d->kind)
		return 0;
	clang_getExpansionLocation(clang_getCursorLocation(c), &got, NULL, NULL, &offset);
	return got && clang_File_isEqual(got, file) && offset == d->offset;
}

static int find_decls(struct cal_pch_view *v)
{
	const struct cal_pch_facts *f = v->facts;
	size_t i;

	v->decls = xcalloc(f->nr_decls ? f->nr_decls : 1, sizeof(*v->decls));
	for (i = 0; i < f->nr_decls; i++) {
		const struct cal_pch_decl *d = &f->decls[i];
		CXFile file;
		CXCursor c;

		if (d->how == CAL_PCH_NOTHING)
			continue;
		file = cal_pch_view_file(v, d->file);
		v->missed = d;
		if (!file)
			return -1;
		c = look_up(v, d->file, file, d->lookup, d->how, d->offset, d->raw);
		if (!is_decl(c, file, d))
			return -1;
		v->missed = NULL;
		v->decls[v->nr_decls++] = c;
	}
	return 0;
}

/* A location of tu's, whose source manager the locations made here name. */
static CXSourceLocation any_location(CXTranslationUnit tu)
{
	CXString name = clang_getTranslationUnitSpelling(tu);
	CXFile main = clang_getFile(tu, clang_getCString(name));
	CXSourceLocation loc = main ? clang_getLocation(tu, main, 1, 1) : clang_getNullLocation();

	clang_disposeString(name);
	return loc;
}

static void view_init(struct cal_pch_view *v, const struct cal_pch_facts *facts,
		      CXTranslationUnit tu)
{
	size_t n = facts->nr_files ? facts->nr_files : 1;

	memset(v, 0, sizeof(*v));
	v->facts = facts;
	v->tu = tu;
	v->handles = xcalloc(n, sizeof(*v->handles));
	v->looked_up = xcalloc(n, 1);
	v->bases = xcalloc(n, sizeof(*v->bases));
	v->have_base = xcalloc(n, 1);
	v->any = any_location(tu);
}

int cal_pch_view_bind(struct cal_pch_view *v, const struct cal_pch_facts *facts,
		      CXTranslationUnit tu)
{
	view_init(v, facts, tu);
	if (!facts->decls_found || find_decls(v) < 0) {
		const struct cal_pch_decl *missed = v->missed;
		cal_pch_view_release(v);
		v->missed = missed;
		return -1;
	}
	return 0;
}

void cal_pch_view_release(struct cal_pch_view *v)
{
	free(v->handles);
	free(v->looked_up);
	free(v->bases);
	free(v->have_base);
	free(v->decls);
	memset(v, 0, sizeof(*v));
}
