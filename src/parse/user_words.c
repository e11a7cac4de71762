/*
 * The user's words of a parse: a scan of the text of its files (all but
 * the toolkit's and the platform's headers) for what the atomic checks
 * and volatile-sync judge.  A word counts wherever
 * it is (a comment, a string, a disabled #if branch): a false hit costs
 * only the walk it would have saved.  What none of them spells, a check
 * can still meet through a macro or type alias of the toolkit's or the
 * platform's headers: check.h's needs_words says so.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "parse/ast.h"
#include "cuatomlint/strbuf.h"
#include "parse/user_words.h"

static int is_ident(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* w (lower case) at i, in any case. */
static int ci_at(const char *s, size_t i, size_t len, const char *w)
{
	size_t k, n = strlen(w);

	if (i + n > len)
		return 0;
	for (k = 0; k < n; k++)
		if (tolower((unsigned char)s[i + k]) != w[k])
			return 0;
	return 1;
}

static int word_at(const char *s, size_t i, size_t len, const char *w)
{
	size_t n = strlen(w);

	return i + n <= len && !memcmp(s + i, w, n);
}

/* The asm keyword (asm, __asm, __asm__) ending just before s[end], spaces skipped. */
static int asm_before(const char *s, size_t end)
{
	size_t j = end;

	while (j > 0 && isspace((unsigned char)s[j - 1]))
		j--;
	if (j >= 7 && !memcmp(s + j - 7, "__asm__", 7))
		return j == 7 || !is_ident(s[j - 8]);
	if (j >= 5 && !memcmp(s + j - 5, "__asm", 5))
		return j == 5 || !is_ident(s[j - 6]);
	return j >= 3 && !memcmp(s + j - 3, "asm", 3) && (j == 3 || !is_ident(s[j - 4]));
}

/* A volatile (or __volatile__) at i that is not asm's qualifier. */
static int volatile_at(const char *s, size_t i, size_t len)
{
	size_t n;

	if (word_at(s, i, len, "__volatile__"))
		n = 12;
	else if (word_at(s, i, len, "volatile"))
		n = 8;
	else
		return 0;
	if ((i > 0 && is_ident(s[i - 1])) || (i + n < len && is_ident(s[i + n])))
		return 0;
	return !asm_before(s, i);
}

/* A PTX load (ld.volatile, ld.global.cg: volatile-sync's asm polls) at i. */
static int ptx_load_at(const char *s, size_t i, size_t len)
{
	return word_at(s, i, len, "ld.") && (i == 0 || !is_ident(s[i - 1]));
}

static int atomic_at(const char *s, size_t i, size_t len)
{
	switch (s[i] | 0x20) {
	case 'a':
		return ci_at(s, i, len, "atom");
	case 'f':
		return ci_at(s, i, len, "fence");
	case 'm':
		return word_at(s, i, len, "membar");
	case 'c':
		return word_at(s, i, len, "compare_exchange");
	case 'r':
		return word_at(s, i, len, "red.") && (i == 0 || !is_ident(s[i - 1]));
	default:
		break;
	}
	if (s[i] != '.')
		return 0;
	return word_at(s, i, len, ".relaxed") || word_at(s, i, len, ".acquire") ||
	       word_at(s, i, len, ".release") || word_at(s, i, len, ".cta");
}

unsigned cal_text_user_words(const char *text, size_t len)
{
	unsigned words = 0;
	size_t i;

	for (i = 0; i < len && words != CAL_WORDS_ALL; i++) {
		if (!(words & CAL_WORD_ATOMIC) && atomic_at(text, i, len))
			words |= CAL_WORD_ATOMIC;
		if (!(words & CAL_WORD_VOLATILE) &&
		    (((text[i] == 'v' || text[i] == '_') && volatile_at(text, i, len)) ||
		     (text[i] == 'l' && ptx_load_at(text, i, len))))
			words |= CAL_WORD_VOLATILE;
	}
	return words;
}

struct words_scan {
	CXTranslationUnit tu;
	const char *const *platform;	/* folders whose headers are not scanned */
	unsigned words;
	CXFile *seen;		/* files scanned (each once) */
	size_t nr_seen, alloc_seen;
};

/* Is name in folder root (a path boundary after it)? */
static int under(const char *name, const char *root)
{
	size_t n = strlen(root);

	return n && !strncmp(name, root, n) &&
	       (root[n - 1] == '/' || name[n] == '/' || name[n] == '\0');
}

/*
 * Is file one whose words count: the user's, or a library's header that
 * the toolkit and the platform do not own (a project's -isystem folder
 * can define the user's volatile or atomic types and macros)?
 */
static int counts(const struct words_scan *scan, CXFile file)
{
	CXString name;
	const char *s;
	char *real;
	int i, platform = 0;

	if (!file)
		return 0;
	name = clang_getFileName(file);
	s = clang_getCString(name);
	for (i = 0; s && scan->platform[i] && !platform; i++)
		platform = under(s, scan->platform[i]);
	if (s && !platform && (real = realpath(s, NULL))) {	/* /usr/local/cuda is a link */
		for (i = 0; scan->platform[i] && !platform; i++)
			platform = under(real, scan->platform[i]);
		free(real);
	}
	clang_disposeString(name);
	return !platform;
}

static void add_file_words(struct words_scan *scan, CXFile file)
{
	const char *text;
	size_t size = 0, i;

	if (scan->words == CAL_WORDS_ALL || !counts(scan, file))
		return;
	for (i = 0; i < scan->nr_seen; i++)
		if (clang_File_isEqual(scan->seen[i], file))
			return;
	GROW(scan->seen, scan->alloc_seen, scan->nr_seen + 1);
	scan->seen[scan->nr_seen++] = file;
	text = cal_file_contents(scan->tu, file, &size);
	if (!text) {	/* unreadable: assume it names everything */
		scan->words = CAL_WORDS_ALL;
		return;
	}
	scan->words |= cal_text_user_words(text, size);
}

static void words_inclusion(CXFile file, CXSourceLocation *stack, unsigned depth,
			    CXClientData data)
{
	(void)stack;
	(void)depth;
	add_file_words(data, file);
}

/*
 * A user file's #include: the file it opens, entered or not (a header a
 * precompiled header holds is not entered, and clang_getInclusions does
 * not report it).
 */
static enum CXChildVisitResult directive_visitor(CXCursor c, CXCursor parent, CXClientData data)
{
	struct words_scan *scan = data;
	CXFile file;

	(void)parent;
	if (scan->words == CAL_WORDS_ALL)
		return CXChildVisit_Break;
	if (clang_getCursorKind(c) != CXCursor_InclusionDirective)
		return CXChildVisit_Continue;
	clang_getSpellingLocation(clang_getCursorLocation(c), &file, NULL, NULL, NULL);
	if (counts(scan, file))
		add_file_words(scan, clang_getIncludedFile(c));
	return CXChildVisit_Continue;
}

unsigned cal_parse_user_words(CXTranslationUnit tu, const char *const *platform)
{
	struct words_scan scan = { tu, platform, 0, NULL, 0, 0 };
	CXString main_name = clang_getTranslationUnitSpelling(tu);
	CXFile main_file = clang_getFile(tu, clang_getCString(main_name));

	clang_disposeString(main_name);
	if (!main_file)
		return CAL_WORDS_ALL;
	add_file_words(&scan, main_file);
	clang_getInclusions(tu, words_inclusion, &scan);
	if (scan.words != CAL_WORDS_ALL)
		clang_visitChildren(clang_getTranslationUnitCursor(tu), directive_visitor, &scan);
	free(scan.seen);
	return scan.words;
}
