/* fetch.h - pages from http(s) URLs (libcurl), for the loader's callers.
 *
 * fetch_url() returns the body (at most max_bytes) and the Content-Type
 * header, both malloc'ed for the caller; 0, or -1 with a reason in err.
 * Built without libcurl it always fails ("built without libcurl"); built
 * with it, the library is opened at the first call, and a library that
 * cannot be opened fails every call, saying why. */
#ifndef PITH_FETCH_H
#define PITH_FETCH_H

#include <stddef.h>

int fetch_url(const char *url, size_t max_bytes, char **body, size_t *len,
	      char **content_type, char *err, size_t errlen);

#endif
