/*
 * What a shared PCH holds that a parse loading it cannot visit cheaply.
 *
 * A parse made through an index of local declarations only
 * (excludeDeclarationsFromPCH) lists the function definitions clang
 * instantiated among its children, which spares the indexing pass
 * (check.h's instantiations_listed); but its children and its
 * preprocessing record then leave out the PCH's.  Three readers need
 * those: the walk (the project's own headers in the PCH), the arch replay
 * (every macro definition, the #include lines of the user's files) and
 * the word scan (what the PCH's files spell).  So when the tool builds a
 * PCH (pch.c) it writes these facts beside it, from the build's parse,
 * and a parse on the PCH reads them back with its own (run.c):
 *  - the place (file, offset) and kind of each top-level declaration in a
 *    file that is no system header (nor the tool's); a parse finds each
 *    again with clang_getCursor, which asks the PCH for that file region's
 *    declarations only: at its name, or where a macro's argument names it;
 *    a template, whose templated declaration the PCH files under the same
 *    place, by the cursor libclang gives its first token.  The build
 *    chooses the way on the prefix parsed on the PCH (pch.c's re-entry
 *    check), as every parse on it will look them up, and records where
 *    the PCH's entry of each file starts there (a parse on the same PCH
 *    loads it at the same place, and may enter the file again itself).  A
 *    declaration found no way (a macro that pastes its name) leaves the
 *    facts without declarations: parses on the PCH keep the indexer.  A
 *    variable or alias template made of types and template parameters
 *    only is not looked up: walking it meets nothing a check judges;
 *  - every macro definition, in the record's order, with its file, offset
 *    and text (arch_dependence.c's read_macro, made at the build);
 *  - each #include line of a file that is no system header, and the file
 *    it opened;
 *  - the words (user_words.h) of the files the PCH read, and the first
 *    counted system header among them that tests the arch.
 * The file is the tool's own, written through a temporary file and a
 * rename before the PCH is used; one that does not read back whole is not
 * used.
 */
#ifndef CUATOMLINT_PARSE_PCH_FACTS_H
#define CUATOMLINT_PARSE_PCH_FACTS_H

#include <stddef.h>
#include <clang-c/Index.h>

struct strbuf;

struct cal_pch_file {
	char *name;
	int system;		/* clang takes it for a system header */
	unsigned raw_base;	/* its start's encoding in a parse on the PCH; 0: not known */
};

struct cal_pch_decl {
	size_t file;		/* files[file] */
	unsigned offset;	/* of its location (expansion) */
	unsigned lookup;	/* where clang_getCursor finds it, ... */
	int how;		/* ... this way (CAL_PCH_AT_PLACE & co.) */
	unsigned raw;		/* CAL_PCH_BY_ARGUMENT: the expansion's encoding on the PCH */
	int kind;		/* enum CXCursorKind */
};

struct cal_pch_macro {
	long file;		/* files[file], or -1: predefined (no file) */
	unsigned offset;
	char *name;
	char *text;		/* "NAME(a, b) body"; NULL: not readable */
};

/* Where a declaration may be looked up (the first that finds it is kept). */
#define CAL_PCH_TRIES 3
enum {
	CAL_PCH_AT_PLACE,	/* clang_getCursor at the offset */
	CAL_PCH_BY_ARGUMENT,	/* ... at a macro argument's expansion there */
	CAL_PCH_BY_TOKENS,	/* the cursor of the first token from it to the name */
	CAL_PCH_NOTHING,	/* not looked up: the walk would meet nothing there */
};
struct cal_pch_try {
	unsigned offset;
	int how;
	int valid;
	int empty;		/* tries[0]: walking the declaration meets nothing (pch_facts.c) */
};

struct cal_pch_include {
	size_t from, to;	/* files[] */
	unsigned line;
};

struct cal_pch_facts {
	struct cal_pch_file *files;
	size_t nr_files, alloc_files;
	int decls_found;	/* every declaration was found again: decls[] is whole */
	struct cal_pch_decl *decls;
	size_t nr_decls, alloc_decls;
	struct cal_pch_macro *macros;
	size_t nr_macros, alloc_macros;
	struct cal_pch_include *incs;
	size_t nr_incs, alloc_incs;
	unsigned words;		/* user_words.h */
	char *host_unread;	/* or NULL */
	/* made, not read: per decls[], the places to try (cal_pch_facts_choose) */
	struct cal_pch_try (*tries)[CAL_PCH_TRIES];
	size_t alloc_tries;
};

/*
 * The facts of the PCH build's parse tu (made through an index of every
 * declaration).  Files under ours are the tool's (the walk skips their
 * declarations).  words and host_unread: the word scan's answer on tu.
 * decls_found is set only where there is no declaration to look up.
 */
void cal_pch_facts_make(CXTranslationUnit tu, const char *ours, unsigned words,
			const char *host_unread, struct cal_pch_facts *out);
/*
 * Choose where each declaration is looked up, in tu: a parse of the
 * prefix on the PCH, which finds them as parses on it will (clang_getCursor
 * prefers otherwise between the build and them).  0, or -1 where one is
 * found nowhere (decls_found unset: parses on the PCH keep the indexer).
 */
int cal_pch_facts_choose(struct cal_pch_facts *facts, CXTranslationUnit tu);
/* The file's text, appended to sb; -1 if a string cannot be written on one line. */
int cal_pch_facts_format(const struct cal_pch_facts *facts, struct strbuf *sb);
/* Write facts to path through path.tmp.PID and a rename; 0 or -1. */
int cal_pch_facts_write(const struct cal_pch_facts *facts, const char *path);
/* Read them back; 0, or -1 (nothing kept) if the file is missing or not whole. */
int cal_pch_facts_read(const char *path, struct cal_pch_facts *out);
/* The same from text (for tests and the fuzzer); 0 or -1. */
int cal_pch_facts_parse(const char *text, size_t len, struct cal_pch_facts *out);
void cal_pch_facts_release(struct cal_pch_facts *facts);
/* The facts file beside a PCH (caller frees). */
char *cal_pch_facts_path(const char *pch);

/* The facts, bound to one parse on their PCH. */
struct cal_pch_view {
	const struct cal_pch_facts *facts;
	CXTranslationUnit tu;
	CXFile *handles;		/* per files[], found on first use */
	unsigned char *looked_up;
	CXSourceLocation *bases;	/* per files[]: its start, made on first use */
	unsigned char *have_base;
	CXSourceLocation any;		/* a location of the parse (its source manager) */
	CXCursor *decls;		/* per facts->decls, found by cal_pch_view_bind */
	size_t nr_decls;
	const struct cal_pch_decl *missed;	/* the one it did not find, or NULL */
};

/*
 * Bind facts to tu and find each declaration again.  0, or -1 if one is
 * not found where the build found it (the parse must then be made
 * otherwise; the view is released, but for missed).
 */
int cal_pch_view_bind(struct cal_pch_view *view, const struct cal_pch_facts *facts,
		      CXTranslationUnit tu);
/* files[i] in the parse, or NULL. */
CXFile cal_pch_view_file(struct cal_pch_view *view, size_t i);
void cal_pch_view_release(struct cal_pch_view *view);

#endif
