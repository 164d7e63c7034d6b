/* css.h - CSS selectors read as XPath 1.0, for searching the tree as
 * DevTools' document.querySelectorAll does. */
#ifndef PITH_CSS_H
#define PITH_CSS_H

#include <stddef.h>

#include "util.h"

/* The XPath selecting what the selector list css selects, appended to
 * out.  Type, universal, #id, .class, [attr], [attr=v] (and ~= |= ^= $=
 * *=, with an i flag for case), :first-child, :last-child, :only-child,
 * :nth-child(N), :nth-of-type(N), :first-of-type, :last-of-type, :empty,
 * :not(simple selector); the combinators ' ', '>', '+' and '~'; lists
 * with ','.  0, or -1 with a reason in err. */
int css_to_xpath(const char *css, struct buf *out, char *err, size_t errlen);

#endif
