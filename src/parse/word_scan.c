/*
 * The words of one file's text (user_words.h), apart from the parse so
 * that the fuzzer reads it alone (test/fuzz/fuzz_prefix.c).  A word counts
 * wherever it is (a comment, a string, a disabled #if branch): a false hit
 * costs only the walk it would have saved.
 */
#include <ctype.h>
#include <string.h>

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

static int atomic_at(const char *s, size_t i, size_t len, int host)
{
	switch (s[i] | 0x20) {
	case 'a':
		return ci_at(s, i, len, host ? "atomic" : "atom");
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

/* A declaration of shared memory: __shared__, HIP_DYNAMIC_SHARED, __attribute__((shared)). */
static int shared_at(const char *s, size_t i, size_t len)
{
	static const char *const spellings[] = { "__shared__", "HIP_DYNAMIC_SHARED", "(shared)" };
	size_t k;

	for (k = 0; k < sizeof(spellings) / sizeof(spellings[0]); k++)
		if (s[i] == spellings[k][0] && word_at(s, i, len, spellings[k]))
			return 1;
	return 0;
}

/*
 * The bytes a word above can begin with (atomic_at folds case): the scan
 * reads every byte of every header of the parse, and most begin none.
 */
static const unsigned char word_start[256] = {
	['a'] = 1, ['A'] = 1, ['f'] = 1, ['F'] = 1, ['m'] = 1, ['M'] = 1, ['c'] = 1,
	['C'] = 1, ['r'] = 1, ['R'] = 1, ['.'] = 1, ['v'] = 1, ['_'] = 1, ['l'] = 1,
	['H'] = 1, ['('] = 1,
};

static unsigned text_words(const char *text, size_t len, int host)
{
	unsigned words = 0;
	size_t i;

	for (i = 0; i < len && words != CAL_WORDS_ALL; i++) {
		if (!word_start[(unsigned char)text[i]])
			continue;
		if (!(words & CAL_WORD_ATOMIC) && atomic_at(text, i, len, host))
			words |= CAL_WORD_ATOMIC;
		if (!(words & CAL_WORD_VOLATILE) &&
		    (((text[i] == 'v' || text[i] == '_') && volatile_at(text, i, len)) ||
		     (text[i] == 'l' && ptx_load_at(text, i, len))))
			words |= CAL_WORD_VOLATILE;
		if (!(words & CAL_WORD_SHARED) && shared_at(text, i, len))
			words |= CAL_WORD_SHARED;
	}
	return words;
}

unsigned cal_text_user_words(const char *text, size_t len)
{
	return text_words(text, len, 0);
}

unsigned cal_text_host_words(const char *text, size_t len)
{
	return text_words(text, len, 1);
}
