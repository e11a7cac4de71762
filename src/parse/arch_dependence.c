#include "parse/arch_dependence.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "parse/ast.h"
#include "parse/comments.h"
#include "parse/pch_facts.h"
#include "parse/sys_undef.h"
#include "parse/user_words.h"
#include "cuatomlint/strbuf.h"

static const char arch_macro[] = "__CUDA_ARCH";
static const char list_suffix[] = "_LIST__";

/*
 * <nv/target>'s NV_IF_TARGET / NV_IF_ELSE_TARGET / NV_DISPATCH_TARGET pick
 * code by __CUDA_ARCH__ inside a system header's macro, so the user's text
 * never names __CUDA_ARCH__ itself.
 */
static const char *const nv_target_macros[] = { "NV_IF_TARGET", "NV_IF_ELSE_TARGET",
	"NV_DISPATCH_TARGET", NULL };

/* The first mention of NV_IF_TARGET & co., or NULL. */
static const char *mentions_nv_target(const char *text, size_t len)
{
	const char *p = text, *end = text + len;

	while (p < end) {
		const char *hit = memchr(p, 'N', (size_t)(end - p));
		const char *const *m;
		if (!hit)
			return NULL;
		for (m = nv_target_macros; *m; m++)
			if ((size_t)(end - hit) >= strlen(*m) && !memcmp(hit, *m, strlen(*m)))
				return hit;
		p = hit + 1;
	}
	return NULL;
}

/* The first mention of __CUDA_ARCH*, __CUDA_ARCH_LIST__ aside, or NULL. */
static const char *mentions_cuda_arch(const char *text, size_t len)
{
	const size_t n = sizeof(arch_macro) - 1;
	const char *p = text, *end = text + len;

	while ((size_t)(end - p) >= n) {
		const char *hit = memchr(p, '_', (size_t)(end - p));
		if (!hit || (size_t)(end - hit) < n)
			return NULL;
		if (!memcmp(hit, arch_macro, n)) {
			const char *after = hit + n;
			size_t rest = (size_t)(end - after);
			if (!(rest >= sizeof(list_suffix) - 1 &&
			      !memcmp(after, list_suffix, sizeof(list_suffix) - 1)))
				return hit;
		}
		p = hit + 1;
	}
	return NULL;
}

/* The first mention of the arch in text outside comments, or NULL. */
static const char *first_arch_mention(const char *text, size_t len)
{
	char *code = cal_blank_comments(text, len);
	const char *s = code ? code : text;
	const char *a = mentions_cuda_arch(s, len), *b = mentions_nv_target(s, len);
	const char *hit = !a ? b : !b || a < b ? a : b;

	free(code);
	return hit ? text + (hit - s) : NULL;
}

int cal_text_mentions_arch(const char *text, size_t len)
{
	return first_arch_mention(text, len) != NULL;
}

/*
 * ---- the facts the replay of arch_pp.c needs, from one parse ----
 *
 * libclang's calls that take a CXFile (clang_getFileContents,
 * clang_getLocationForOffset, clang_getSkippedRanges) search the source
 * manager's whole entry table, a few hundred microseconds each in a TU
 * with the CUDA headers: they are made for the user's files only.  Every
 * other fact comes from one pass over the preprocessing record, whose
 * cursors carry their own locations; a system macro's text is read only if
 * the replay asks for it.
 */

/* A macro definition: its cursor in the parse, or the PCH build's record of it. */
struct macro_src {
	CXCursor c;
	const struct cal_pch_macro *pch;	/* non-NULL: from the facts (c unused) */
	CXFile file;				/* with pch: its file in the parse, or NULL */
};

struct facts {
	CXTranslationUnit tu;
	struct cal_pch_view *pch;	/* the PCH's facts, or NULL (pch_facts.h) */
	const char *skip_prefix;
	struct cal_pp_tu *pp;
	CXFile *handles;		/* per pp->files */
	size_t alloc_handles;
	struct cal_file_map file_at;	/* file -> its index in pp->files */
	struct macro_src *macro_srcs;	/* every definition; then per pp->macros */
	size_t nr_macro_srcs, alloc_macro_srcs;
	CXFile *unreplayed;		/* user headers only system headers include */
	size_t nr_unreplayed, alloc_unreplayed;
	char *unreplayed_why;
	CXCursor *incs;			/* inclusion directives in the user's files */
	size_t nr_incs, alloc_incs;
	struct entered_at *entered;	/* where clang entered each file it did */
	size_t nr_entered, alloc_entered;
	struct cal_file_map entered_from;	/* includer -> its first entered_at */
	struct file_seen *seen;		/* each file clang entered, once */
	size_t nr_seen, alloc_seen;
	struct cal_file_map seen_at;	/* file -> its file_seen */
	int want_bodies;		/* the host's path is replayed: note device bodies */
	CXCursor *decls;		/* top-level declarations outside system headers */
	size_t nr_decls, alloc_decls;
	struct cal_sys_undefs *undefs;	/* made on the replay's first question */
	struct skipped_range *skipped;	/* every file's, read once (add_skipped) */
	size_t nr_skipped;
	struct cal_file_map skipped_at;	/* file -> its first skipped range */
	int have_skipped;
};

/* The #include that entered a file (clang_getInclusions). */
struct entered_at {
	CXFile from;
	unsigned line;
	int next;		/* the includer's next one, or -1 */
};

/*
 * A file clang entered: how often, and a place in it (an #include or a
 * #define it holds), which tells whether it is a system header without
 * clang_getLocationForOffset's search of every source entry.
 */
struct file_seen {
	unsigned times;
	int has_inside;
	CXSourceLocation inside;
};

/* A range the preprocessor skipped, and its file. */
struct skipped_range {
	CXFile file;
	unsigned begin, end;
	int next;		/* the file's next one, or -1 */
};

static char *file_name(CXFile file)
{
	CXString s = clang_getFileName(file);
	const char *c = clang_getCString(s);
	char *copy = xstrdup(c ? c : "");
	clang_disposeString(s);
	return copy;
}

static int file_index(const struct facts *f, CXFile file)
{
	return cal_file_map_get(&f->file_at, file);
}

/*
 * Every file's skipped ranges in one call: clang_getSkippedRanges, asked
 * per file, searched the source manager's entry table for each (a
 * template library has hundreds of user headers).
 */
static void read_skipped(struct facts *f)
{
	CXSourceRangeList *l = clang_getAllSkippedRanges(f->tu);
	struct skipped_range *r;
	unsigned i;

	f->have_skipped = 1;
	if (!l)
		return;
	f->skipped = xcalloc(l->count ? l->count : 1, sizeof(*f->skipped));
	for (i = 0; i < l->count; i++) {
		r = &f->skipped[f->nr_skipped];
		clang_getSpellingLocation(clang_getRangeStart(l->ranges[i]), &r->file, NULL, NULL,
					  &r->begin);
		clang_getSpellingLocation(clang_getRangeEnd(l->ranges[i]), NULL, NULL, NULL, &r->end);
		f->nr_skipped += r->file != NULL;
	}
	clang_disposeSourceRangeList(l);
	/* chained per file, backwards, so each chain runs in the list's order */
	for (i = (unsigned)f->nr_skipped; i-- > 0;) {
		r = &f->skipped[i];
		r->next = cal_file_map_get(&f->skipped_at, r->file);
		cal_file_map_put(&f->skipped_at, r->file, (int)i);
	}
}

static void add_skipped(struct facts *f, struct cal_pp_file *pf, CXFile file)
{
	int i;

	if (!f->have_skipped)
		read_skipped(f);
	for (i = cal_file_map_get(&f->skipped_at, file); i >= 0; i = f->skipped[i].next) {
		GROW(pf->skipped, pf->alloc_skipped, pf->nr_skipped + 1);
		pf->skipped[pf->nr_skipped][0] = f->skipped[i].begin;
		pf->skipped[pf->nr_skipped++][1] = f->skipped[i].end;
	}
}

static int is_ours(const struct facts *f, const char *name)
{
	return f->skip_prefix && !strncmp(name, f->skip_prefix, strlen(f->skip_prefix));
}

/*
 * Is file a system header?  Where clang entered it once (one file id),
 * any place in it answers, as offset 0 would.
 */
static int in_system_header(const struct facts *f, CXFile file)
{
	int at = cal_file_map_get(&f->seen_at, file);

	if (at >= 0 && f->seen[at].times == 1 && f->seen[at].has_inside)
		return clang_Location_isInSystemHeader(f->seen[at].inside);
	return clang_Location_isInSystemHeader(clang_getLocationForOffset(f->tu, file, 0));
}

static void note_entered(struct facts *f, CXFile file)
{
	int at = cal_file_map_get(&f->seen_at, file);

	if (at < 0) {
		GROW(f->seen, f->alloc_seen, f->nr_seen + 1);
		at = (int)f->nr_seen++;
		memset(&f->seen[at], 0, sizeof(f->seen[at]));
		cal_file_map_put(&f->seen_at, file, at);
	}
	f->seen[at].times++;
}

/* place (an #include or a #define) is in file, which clang entered */
static void note_place(struct facts *f, CXFile file, CXSourceLocation place)
{
	int at = cal_file_map_get(&f->seen_at, file);

	if (at >= 0 && !f->seen[at].has_inside) {
		f->seen[at].has_inside = 1;
		f->seen[at].inside = place;
	}
}

/* Add file; a user file (user < 0: find out) gets its text and skipped ranges. */
static int add_file(struct facts *f, CXFile file, int user)
{
	struct cal_pp_file *pf;
	int at = file_index(f, file);
	size_t size = 0;
	const char *text;

	if (at >= 0)
		return at;
	GROW(f->pp->files, f->pp->alloc_files, f->pp->nr_files + 1);
	GROW(f->handles, f->alloc_handles, f->pp->nr_files + 1);
	f->handles[f->pp->nr_files] = file;
	cal_file_map_put(&f->file_at, file, (int)f->pp->nr_files);
	pf = &f->pp->files[f->pp->nr_files++];
	memset(pf, 0, sizeof(*pf));
	pf->name = file_name(file);
	if (user < 0)
		user = !in_system_header(f, file);
	if (user && !is_ours(f, pf->name)) {
		text = cal_file_contents(f->tu, file, &size);
		pf->text = text ? text : "";
		pf->len = text ? size : 0;
		pf->user = text != NULL;
		add_skipped(f, pf, file);
	}
	return (int)f->pp->nr_files - 1;
}

/* Where a cursor is, and whether that is one of the user's files. */
static int in_user_file(const struct facts *f, CXCursor c, CXFile *file, unsigned *line)
{
	CXSourceLocation loc = clang_getCursorLocation(c);
	char *name;
	int ours;

	clang_getSpellingLocation(loc, file, line, NULL, NULL);
	if (!*file || clang_Location_isInSystemHeader(loc))
		return 0;
	name = file_name(*file);
	ours = is_ours(f, name);
	free(name);
	return !ours;
}

char *cal_macro_definition_text(CXTranslationUnit tu, CXCursor def)
{
	CXToken *toks = NULL;
	unsigned n = 0, i, prev_end = 0;
	struct strbuf sb = STRBUF_INIT;

	clang_tokenize(tu, clang_getCursorExtent(def), &toks, &n);
	for (i = 0; i < n; i++) {
		CXSourceRange r = clang_getTokenExtent(tu, toks[i]);
		unsigned start, end;
		char *spelling = cal_take_string(clang_getTokenSpelling(tu, toks[i]));
		clang_getSpellingLocation(clang_getRangeStart(r), NULL, NULL, NULL, &start);
		clang_getSpellingLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &end);
		/* keep "F(" apart from "F (": one is function-like */
		if (i && start != prev_end)
			strbuf_addch(&sb, ' ');
		strbuf_adds(&sb, spelling);
		free(spelling);
		prev_end = end;
	}
	if (toks)
		clang_disposeTokens(tu, toks, n);
	return n ? strbuf_detach(&sb) : (strbuf_release(&sb), NULL);
}

/* "NAME(params) body": the PCH build read it, or the definition's tokens now. */
static char *read_macro(void *ctx, size_t index)
{
	struct facts *f = ctx;
	const struct macro_src *m = &f->macro_srcs[index];

	if (m->pch)
		return m->pch->text ? xstrdup(m->pch->text) : NULL;
	return cal_macro_definition_text(f->tu, m->c);
}

static int undefined_later(void *ctx, size_t index)
{
	struct facts *f = ctx;
	if (!f->undefs)
		f->undefs = cal_sys_undefs_new(f->tu);
	if (f->macro_srcs[index].pch)
		return cal_sys_undefined_at(f->undefs, f->macro_srcs[index].file,
					    f->macro_srcs[index].pch->offset,
					    f->pp->macros[index].name);
	return cal_sys_undefined_after(f->undefs, f->macro_srcs[index].c,
				       f->pp->macros[index].name);
}

/*
 * May macros[index] be defined otherwise, or not at all, for the host?  A
 * predefined one where clang's host side differs; a system header's where
 * its #define hangs on a condition that reads the arch (arch_pp.h).
 */
static int host_differs(void *ctx, size_t index)
{
	struct facts *f = ctx;
	const struct macro_src *m = &f->macro_srcs[index];
	const char *name = f->pp->macros[index].name, *text;
	CXFile file = m->file;
	unsigned offset = m->pch ? m->pch->offset : 0;
	size_t size = 0;

	if (!m->pch)
		clang_getSpellingLocation(clang_getCursorLocation(m->c), &file, NULL, NULL,
					  &offset);
	else if (m->pch->file >= 0 && !file)	/* its file is not found in the parse */
		return 1;
	if (!file)
		return cal_pp_host_predefine(name, strlen(name));
	text = cal_file_contents(f->tu, file, &size);
	return !text || cal_pp_defined_per_side(text, size, offset);
}

static void facts_macro(struct facts *f, CXCursor c)
{
	CXSourceLocation loc = clang_getCursorLocation(c);
	CXFile file;

	clang_getSpellingLocation(loc, &file, NULL, NULL, NULL);
	note_place(f, file, loc);
	GROW(f->macro_srcs, f->alloc_macro_srcs, f->nr_macro_srcs + 1);
	f->macro_srcs[f->nr_macro_srcs].c = c;
	f->macro_srcs[f->nr_macro_srcs].pch = NULL;
	f->macro_srcs[f->nr_macro_srcs++].file = file;
}

/*
 * "NAME:LINE: " what, then the text of the line holding hit (blanks
 * trimmed, at most 120 characters).
 */
static char *mention_where(const char *name, const char *text, size_t size, const char *hit,
			   const char *what)
{
	const char *bol = hit, *eol = memchr(hit, '\n', size - (size_t)(hit - text));
	unsigned line = 1;
	const char *p;

	for (p = text; p < hit; p++)
		line += *p == '\n';
	while (bol > text && bol[-1] != '\n')
		bol--;
	while (bol < hit && (*bol == ' ' || *bol == '\t'))
		bol++;
	eol = eol ? eol : text + size;
	eol -= eol > hit && eol[-1] == '\r';
	return xasprintf("%s:%u: %s%.*s", name, line, what,
			 (int)(eol - bol > 120 ? 120 : eol - bol), bol);
}

/*
 * A user header the replay does not visit (a system header included it):
 * if it mentions the arch, its macros as the first parse saw them may be
 * wrong for other targets, so the file is parsed per target.
 */
static void check_unreplayed(struct facts *f, CXFile file)
{
	size_t size = 0;
	const char *text, *hit;

	if (!cal_file_once(&f->unreplayed, &f->nr_unreplayed, &f->alloc_unreplayed, file))
		return;
	text = cal_file_contents(f->tu, file, &size);
	hit = text ? first_arch_mention(text, size) : NULL;
	if (hit && !f->unreplayed_why) {
		char *name = file_name(file);
		f->unreplayed_why = mention_where(name, text, size, hit,
						  "a header the replay does not visit (a system "
						  "header includes it) mentions the arch: ");
		free(name);
	}
}

/*
 * Macros of files the replay does not visit (system headers, the tool's
 * prelude, a user header reached only through a system header): their
 * text as the first parse saw it.  The replay defines the others itself.
 */
/* A PCH macro's file: its index in pp->files, or -1; asked once per file (at[]). */
static int pch_file_index(struct facts *f, const struct macro_src *m, int *at)
{
	if (m->pch->file < 0)
		return -1;
	if (at[m->pch->file] == -2)
		at[m->pch->file] = file_index(f, m->file);
	return at[m->pch->file];
}

/* Is a PCH macro's file a user header (no system header, not the tool's)? */
static int pch_in_user_file(const struct facts *f, const struct macro_src *m)
{
	const struct cal_pch_file *file;

	if (m->pch->file < 0 || !m->file)
		return 0;
	file = &f->pch->facts->files[m->pch->file];
	return !file->system && !is_ours(f, file->name);
}

static void table_macros(struct facts *f)
{
	size_t i, kept = 0, nr_pch_files = f->pch ? f->pch->facts->nr_files : 0;
	int *pch_at = xcalloc(nr_pch_files ? nr_pch_files : 1, sizeof(*pch_at));

	for (i = 0; i < nr_pch_files; i++)
		pch_at[i] = -2;
	for (i = 0; i < f->nr_macro_srcs; i++) {
		const struct macro_src *src = &f->macro_srcs[i];
		CXFile file = src->file;
		int at;
		struct cal_pp_macro *m;

		if (src->pch) {
			at = pch_file_index(f, src, pch_at);
		} else {
			at = file_index(f, file);	/* facts_macro's spelling location */
		}
		if (at >= 0 && f->pp->files[at].user)
			continue;
		if (at < 0 && (src->pch ? pch_in_user_file(f, src)
					: in_user_file(f, src->c, &file, NULL)))
			check_unreplayed(f, file);
		GROW(f->pp->macros, f->pp->alloc_macros, f->pp->nr_macros + 1);
		m = &f->pp->macros[f->pp->nr_macros++];
		m->name = src->pch ? xstrdup(src->pch->name)
				   : cal_take_string(clang_getCursorSpelling(src->c));
		m->text = NULL;
		f->macro_srcs[kept++] = *src;
	}
	f->nr_macro_srcs = kept;
	free(pch_at);
}

/*
 * Every file clang entered, and the #include that did (an #include of a
 * guarded header met again enters nothing).  Files a -include option brings
 * in before the main file (the includer is the predefines buffer, which
 * has no file): the user's are replayed first.
 */
static void on_inclusion(CXFile file, CXSourceLocation *stack, unsigned depth,
			 CXClientData data)
{
	struct facts *f = data;
	CXFile from;
	unsigned line;
	int at;

	note_entered(f, file);
	if (depth < 1)
		return;
	clang_getSpellingLocation(stack[0], &from, &line, NULL, NULL);
	note_place(f, from, stack[0]);
	if (from) {
		GROW(f->entered, f->alloc_entered, f->nr_entered + 1);
		f->entered[f->nr_entered].from = from;
		f->entered[f->nr_entered].line = line;
		f->entered[f->nr_entered].next = cal_file_map_get(&f->entered_from, from);
		cal_file_map_put(&f->entered_from, from, (int)f->nr_entered++);
	}
	if (depth != 1 || from || file_index(f, file) >= 0)
		return;
	at = add_file(f, file, -1);
	if (f->pp->files[at].user) {
		GROW(f->pp->forced, f->pp->alloc_forced, f->pp->nr_forced + 1);
		f->pp->forced[f->pp->nr_forced++] = at;
	}
}

/* The offset of loc's expansion in file, or -1 where it is in another file. */
static long offset_in(CXSourceLocation loc, CXFile file)
{
	CXFile at;
	unsigned offset;

	clang_getExpansionLocation(loc, &at, NULL, NULL, &offset);
	return at && clang_File_isEqual(at, file) ? (long)offset : -1;
}

static void note_device_bodies(struct facts *f, CXCursor c, CXFile file, int at);

static enum CXChildVisitResult bodies_visitor(CXCursor c, CXCursor parent, CXClientData data)
{
	void **arg = data;
	(void)parent;
	note_device_bodies(arg[0], c, *(CXFile *)arg[1], *(int *)arg[2]);
	return CXChildVisit_Continue;
}

/*
 * Functions defined __device__ or __global__ in decl (a declaration of the
 * user's file at, whose handle is file), through namespaces and classes:
 * the host's replay leaves their bodies' lines out of what the host reads
 * otherwise (no check of host code judges them).
 */
static void note_device_bodies(struct facts *f, CXCursor c, CXFile file, int at)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	struct cal_pp_file *pf = &f->pp->files[at];
	enum cal_space space;
	CXCursor body;
	long head, start, end;

	if (k == CXCursor_Namespace || k == CXCursor_ClassDecl || k == CXCursor_StructDecl ||
	    k == CXCursor_UnionDecl || k == CXCursor_ClassTemplate ||
	    k == CXCursor_ClassTemplatePartialSpecialization || k == CXCursor_LinkageSpec) {
		void *arg[3] = { f, &file, &at };
		clang_visitChildren(c, bodies_visitor, arg);
		return;
	}
	if (!cal_is_function_kind(k) || !clang_isCursorDefinition(c))
		return;
	space = cal_function_space(c);
	if (space != CAL_SPACE_DEVICE && space != CAL_SPACE_GLOBAL)
		return;
	body = cal_function_body(c);
	if (clang_Cursor_isNull(body))
		return;
	head = offset_in(clang_getRangeStart(clang_getCursorExtent(c)), file);
	start = offset_in(clang_getRangeStart(clang_getCursorExtent(body)), file);
	end = offset_in(clang_getRangeEnd(clang_getCursorExtent(body)), file);
	if (head < 0 || start < head || end < start)	/* a macro's, or not in one file */
		return;
	GROW(pf->bodies, pf->alloc_bodies, pf->nr_bodies + 1);
	pf->bodies[pf->nr_bodies++] = (struct cal_pp_body){ (size_t)head, (size_t)start,
							    (size_t)end, 0 };
}

/* A top-level declaration: its device bodies, where it is in a replayed user file. */
static void facts_declaration(struct facts *f, CXCursor c)
{
	CXSourceLocation loc = clang_getCursorLocation(c);
	CXFile file;
	int at;

	clang_getExpansionLocation(loc, &file, NULL, NULL, NULL);
	if (!file || (at = file_index(f, file)) < 0 || !f->pp->files[at].user)
		return;
	note_device_bodies(f, c, file, at);
}

static enum CXChildVisitResult facts_visitor(CXCursor c, CXCursor parent, CXClientData data)
{
	struct facts *f = data;
	CXFile file;
	unsigned line;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_MacroDefinition) {
		facts_macro(f, c);
	} else if (clang_getCursorKind(c) == CXCursor_InclusionDirective) {
		int user = in_user_file(f, c, &file, &line);	/* sets file either way */

		note_place(f, file, clang_getCursorLocation(c));
		if (user) {
			GROW(f->incs, f->alloc_incs, f->nr_incs + 1);
			f->incs[f->nr_incs++] = c;
		}
	} else if (f->want_bodies && clang_isDeclaration(clang_getCursorKind(c)) &&
		   !clang_Location_isInSystemHeader(clang_getCursorLocation(c))) {
		GROW(f->decls, f->alloc_decls, f->nr_decls + 1);	/* once the files are known */
		f->decls[f->nr_decls++] = c;
	}
	return CXChildVisit_Continue;
}

/* Did the #include at line of file enter the file it names? */
static int entered_there(const struct facts *f, CXFile file, unsigned line)
{
	int k;

	for (k = cal_file_map_get(&f->entered_from, file); k >= 0; k = f->entered[k].next)
		if (f->entered[k].line == line)
			return 1;
	return 0;
}

/* Record which file each #include of a user file opened, and whether it entered a system one. */
static void resolve_includes(struct facts *f)
{
	size_t k;
	for (k = 0; k < f->nr_incs; k++) {
		CXFile file, included = clang_getIncludedFile(f->incs[k]);
		unsigned line;
		struct cal_pp_file *pf;
		int at, to;

		clang_getSpellingLocation(clang_getCursorLocation(f->incs[k]), &file, &line, NULL,
					  NULL);
		if (!included)
			continue;
		at = add_file(f, file, 1);
		to = add_file(f, included, -1);
		pf = &f->pp->files[at];
		GROW(pf->incs, pf->alloc_incs, pf->nr_incs + 1);
		pf->incs[pf->nr_incs].line = line;
		pf->incs[pf->nr_incs].entered =
			f->pp->files[to].user || entered_there(f, file, line);
		pf->incs[pf->nr_incs++].file = to;
	}
}

/*
 * The PCH's macro definitions, from its facts: they come first in the
 * record, before the parse's own.
 */
static void pch_macros(struct facts *f)
{
	const struct cal_pch_facts *pf = f->pch->facts;
	size_t i;

	for (i = 0; i < pf->nr_macros; i++) {
		struct macro_src *m;
		GROW(f->macro_srcs, f->alloc_macro_srcs, f->nr_macro_srcs + 1);
		m = &f->macro_srcs[f->nr_macro_srcs++];
		m->c = clang_getNullCursor();
		m->pch = &pf->macros[i];
		m->file = pf->macros[i].file >= 0 ?
				  cal_pch_view_file(f->pch, (size_t)pf->macros[i].file) : NULL;
	}
}

/* The #include lines of the user's files the PCH holds, as resolve_includes() records them. */
static void pch_includes(struct facts *f)
{
	const struct cal_pch_facts *pf = f->pch->facts;
	size_t k;

	for (k = 0; k < pf->nr_incs; k++) {
		const struct cal_pch_include *inc = &pf->incs[k];
		CXFile from, to;
		struct cal_pp_file *pp;
		int at, at_to;

		if (is_ours(f, pf->files[inc->from].name) ||
		    !(from = cal_pch_view_file(f->pch, inc->from)) ||
		    !(to = cal_pch_view_file(f->pch, inc->to)))
			continue;
		at = add_file(f, from, 1);
		at_to = add_file(f, to, -1);
		pp = &f->pp->files[at];
		GROW(pp->incs, pp->alloc_incs, pp->nr_incs + 1);
		pp->incs[pp->nr_incs].line = inc->line;
		pp->incs[pp->nr_incs].entered = 1;	/* not known: as if */
		pp->incs[pp->nr_incs++].file = at_to;
	}
}

/* Where a user file of the TU first mentions what test finds ("FILE:LINE: text"), or NULL. */
static char *user_files_mention(const struct cal_pp_tu *pp,
				const char *(*test)(const char *, size_t))
{
	size_t i;
	const char *hit;

	for (i = 0; i < pp->nr_files; i++)
		if (pp->files[i].user && (hit = test(pp->files[i].text, pp->files[i].len)))
			return mention_where(pp->files[i].name, pp->files[i].text,
					     pp->files[i].len, hit, "");
	return NULL;
}

/* The first occurrence of word in [text, text + len), or NULL. */
static const char *find_word(const char *text, size_t len, const char *word)
{
	size_t n = strlen(word), i;

	for (i = 0; i + n <= len; i++)
		if (text[i] == word[0] && !memcmp(text + i, word, n))
			return text + i;
	return NULL;
}

static const char *mentions_nv_atomic(const char *text, size_t len)
{
	return find_word(text, len, "__nv_atomic_");
}

static const char *names_cas(const char *text, size_t len)
{
	const char *hit = find_word(text, len, "atomicCAS");

	return hit ? hit : find_word(text, len, "compare_exchange");
}

static int is_ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* 'atomicAdd(double', blanks between: a declaration or definition, which a call never spells. */
static const char *declares_double_add(const char *text, size_t len)
{
	const char *p = text, *end = text + len, *hit, *q;

	while ((hit = find_word(p, (size_t)(end - p), "atomicAdd"))) {
		p = hit + 9;
		if (hit > text && is_ident_char(hit[-1]))
			continue;
		for (q = p; q < end && isspace((unsigned char)*q); q++)
			;
		if (q == end || *q++ != '(')
			continue;
		while (q < end && isspace((unsigned char)*q))
			q++;
		if (end - q >= 6 && !memcmp(q, "double", 6) && (end - q == 6 || !is_ident_char(q[6])))
			return hit;
	}
	return NULL;
}

int cal_text_names_cas(const char *text, size_t len)
{
	return names_cas(text, len) != NULL;
}

static char *place_where(const struct cal_pp_tu *pp, struct cal_pp_place place)
{
	const struct cal_pp_file *file = &pp->files[place.file];

	return place.at ? mention_where(file->name, file->text, file->len, place.at, "") : NULL;
}

/* The replay of the host's path read every line of it: what it names there. */
static void host_places(const struct cal_pp_tu *pp, struct cal_tu_facts *out)
{
	int b;

	free(out->host_nv_atomic_where);
	out->host_nv_atomic_where = place_where(pp, pp->host_nv_atomic);
	for (b = 0; b < CAL_PP_NR_WORDS; b++)
		if (out->host_words & (1u << b))
			out->host_word_where[b] = place_where(pp, pp->host_word_at[b]);
}

void cal_tu_facts_release(struct cal_tu_facts *facts)
{
	int b;

	free(facts->arch_where);
	free(facts->nv_atomic_where);
	free(facts->host_nv_atomic_where);
	for (b = 0; b < CAL_PP_NR_WORDS; b++)
		free(facts->host_word_where[b]);
	free(facts->double_add_where);
	free(facts->host_why);
	memset(facts, 0, sizeof(*facts));
}

void cal_arch_plan_make(CXTranslationUnit tu, struct cal_pch_view *pch,
			const struct cal_target_set *set, int first, const char *skip_prefix,
			int host_view, struct cal_arch_plan *plan, struct cal_tu_facts *out)
{
	struct cal_pp_tu pp;
	struct facts f;
	size_t i;
	CXString main_name = clang_getTranslationUnitSpelling(tu);
	CXFile main_file = clang_getFile(tu, clang_getCString(main_name));
	char *cas_where;

	memset(&pp, 0, sizeof(pp));
	memset(&f, 0, sizeof(f));
	f.tu = tu;
	f.pch = pch;
	f.skip_prefix = skip_prefix;
	f.pp = &pp;
	clang_disposeString(main_name);
	memset(out, 0, sizeof(*out));
	out->host_words = CAL_WORDS_ALL;
	if (!main_file) {
		out->depends_on_arch = 1;
		out->arch_where = xstrdup("the main file is not known to the parse");
		out->names_cas = 1;	/* nothing known: the host parse keeps its indexing pass */
		out->host_why = host_view ? xstrdup(out->arch_where) : NULL;
		cal_arch_plan_each(set, first, plan);
		return;
	}
	add_file(&f, main_file, 1);
	clang_getInclusions(tu, on_inclusion, &f);
	if (pch)
		pch_macros(&f);
	f.want_bodies = host_view;
	clang_visitChildren(clang_getTranslationUnitCursor(tu), facts_visitor, &f);
	if (pch)
		pch_includes(&f);
	resolve_includes(&f);
	for (i = 0; i < f.nr_decls; i++)
		facts_declaration(&f, f.decls[i]);
	table_macros(&f);
	out->arch_where = user_files_mention(&pp, first_arch_mention);
	if (!out->arch_where && f.unreplayed_why)
		out->arch_where = xstrdup(f.unreplayed_why);
	out->depends_on_arch = out->arch_where != NULL;
	out->nv_atomic_where = user_files_mention(&pp, mentions_nv_atomic);
	out->names_nv_atomic = out->nv_atomic_where != NULL;
	out->host_nv_atomic_where = out->nv_atomic_where ? xstrdup(out->nv_atomic_where) : NULL;
	out->double_add_where = user_files_mention(&pp, declares_double_add);
	cas_where = user_files_mention(&pp, names_cas);
	out->names_cas = cas_where != NULL;
	free(cas_where);
	if (!out->depends_on_arch) {
		memset(plan, 0, sizeof(*plan));
		plan->nr_groups = 1;
		plan->groups[0] = set->n < 64 ? ((uint64_t)1 << set->n) - 1 : ~(uint64_t)0;
	} else if (f.unreplayed_why) {
		cal_arch_plan_each(set, first, plan);
		plan->nr_fallback = set->n;
		plan->why = f.unreplayed_why;
		f.unreplayed_why = NULL;
		out->host_why = host_view ? xstrdup(plan->why) : NULL;
	} else {
		pp.have_skipped = 1;
		pp.read_macro = read_macro;
		pp.undefined_later = undefined_later;
		pp.host_differs = host_differs;
		pp.ctx = &f;
		cal_arch_plan_from_pp(&pp, set, first, plan, host_view ? &out->host_why : NULL,
				      &out->host_words);
		if (host_view && !out->host_why)
			host_places(&pp, out);
	}
	cal_pp_tu_release(&pp);
	free(f.handles);
	cal_file_map_release(&f.file_at);
	free(f.skipped);
	cal_file_map_release(&f.skipped_at);
	free(f.seen);
	cal_file_map_release(&f.seen_at);
	cal_file_map_release(&f.entered_from);
	free(f.macro_srcs);
	free(f.incs);
	free(f.entered);
	free(f.decls);
	free(f.unreplayed);
	free(f.unreplayed_why);
	cal_sys_undefs_free(f.undefs);
}
