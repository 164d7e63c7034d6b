/* url.h - URLs as a page's links and images need them: a reference made
 * absolute against a base (RFC 3986 section 5.2, simplified) and the
 * scheme a URL starts with.  Plain string work, no I/O; what
 * format_url_resolve returns belongs to the caller; there are no errors
 * (any string is a reference), allocation failure aborts. */
#ifndef PITH_URL_H
#define PITH_URL_H

#include <stddef.h>

/* Length of the scheme s starts with (the letters before ':'), or 0 when
 * s has none. */
size_t url_scheme_len(const char *s);

/* ref made absolute against base (RFC 3986 section 5.2, simplified); a
 * copy of ref when base is NULL or ref has a scheme.  Caller frees. */
char *format_url_resolve(const char *base, const char *ref);

#endif
