/*
 * From an instantiation back to the template's written code.
 *
 * The walk visits a template's instantiations, where types are known; an
 * edit, though, changes the written text, which every instantiation shares,
 * in this translation unit and in every other one.  An instantiated
 * expression keeps the source range of the expression it was made from, so
 * the pattern's expression is the one of the same kind at the same range in
 * the written function.  What the pattern's expression shows holds for
 * every instantiation: a type that is not dependent there (float, not T) is
 * the type in all of them, and an edit built from it and from source text
 * is right for each.  Read-only; returns cursors of the translation unit,
 * nothing to free.
 */
#ifndef CUATOMLINT_ANALYSIS_TEMPLATE_PATTERN_H
#define CUATOMLINT_ANALYSIS_TEMPLATE_PATTERN_H

#include <clang-c/Index.h>

/*
 * The expression of the written template that inst_expr, an expression
 * of the instantiated function inst_fn, was instantiated from; a null
 * cursor if inst_fn is no instantiation or none is found.  The template
 * is followed back to code no instantiation made (a member template of a
 * class template specialization leads to the class template's own).
 */
CXCursor cal_pattern_expr(CXTranslationUnit tu, CXCursor inst_fn, CXCursor inst_expr);

/*
 * Does inst_expr have the same type in every instantiation of inst_fn's
 * template: the pattern's expression exists and its type is inst_expr's
 * (canonically), so it names no template parameter?
 */
int cal_pattern_type_is_fixed(CXTranslationUnit tu, CXCursor inst_fn, CXCursor inst_expr);

/*
 * Does the written template of inst_fn hold an 'if constexpr' (statements
 * some instantiations discard, so the uses of a local seen in one are not
 * all its uses), or is there none to read?
 */
int cal_pattern_discards_statements(CXTranslationUnit tu, CXCursor inst_fn);

#endif
