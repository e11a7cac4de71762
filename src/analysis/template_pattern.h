/*
 * The template pattern behind an instantiation's code.
 *
 * The walk visits a template's instantiations, where types are known; an
 * edit, though, changes the pattern's text, which every instantiation
 * shares, in this translation unit and in every other one.  An edit built
 * from an instantiation is therefore right for all of them only where what
 * it relies on does not depend on the template's parameters: the pattern's
 * expression at the same place has the same type.  These helpers find that
 * expression, and say whether the pattern holds statements that some
 * instantiations discard ('if constexpr'), where the uses seen in one
 * instantiation are not all the uses of a variable.
 */
#ifndef CUATOMLINT_TEMPLATE_PATTERN_H
#define CUATOMLINT_TEMPLATE_PATTERN_H

#include <clang-c/Index.h>

/*
 * The expression of inst_fn's pattern (the function template or member of a
 * class template inst_fn was instantiated from) written at inst_expr's
 * extent, of the same cursor kind; null if there is none.
 */
CXCursor cal_pattern_expr(CXTranslationUnit tu, CXCursor inst_fn, CXCursor inst_expr);

/*
 * Does inst_expr have the same type in every instantiation of inst_fn's
 * pattern: the pattern's expression exists and its type is inst_expr's
 * (canonically), so it names no template parameter?
 */
int cal_pattern_type_is_fixed(CXTranslationUnit tu, CXCursor inst_fn, CXCursor inst_expr);

/* Does the pattern of inst_fn hold an 'if constexpr' (or has it no pattern)? */
int cal_pattern_discards_statements(CXTranslationUnit tu, CXCursor inst_fn);

#endif
