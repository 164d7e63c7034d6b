/* fetch.c - fetching a page by URL with libcurl (optional at build time):
 * http and https only, bounded time, size and redirects, no credentials
 * carried to another host.
 *
 * libcurl is opened (dlopen) when the first URL is fetched, not linked:
 * linked, it and what it needs (TLS, Kerberos, LDAP, SSH: some thirty
 * libraries) are mapped and relocated at every start, about 5 ms that a
 * batch over files, each test and the inspector paid for nothing. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fetch.h"
#include "util.h"

#ifdef HAVE_LIBCURL
#include <curl/curl.h>
#include <dlfcn.h>

/* The functions used, from the library LIBCURL_SONAME (configure found
 * its name). */
static struct {
	CURLcode (*global_init)(long);
	CURL *(*easy_init)(void);
	CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
	CURLcode (*easy_perform)(CURL *);
	CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
	const char *(*easy_strerror)(CURLcode);
	void (*easy_cleanup)(CURL *);
} curl;

/* libcurl opened and started once: 0, or -1 with the reason in err. */
static int
curl_open(char *err, size_t errlen)
{
	static int state;       /* 0 not tried, 1 ready, -1 failed */
	static char why[256];
	if (state == 0) {
		/* $PITH_TEST_LIBCURL: another name, for the tests of a
		 * library that is missing */
		const char *name = getenv("PITH_TEST_LIBCURL");
		if (!name || !*name)
			name = LIBCURL_SONAME;
		void *h = dlopen(name, RTLD_NOW | RTLD_LOCAL);
		state = -1;
		if (!h) {
			const char *e = dlerror();
			snprintf(why, sizeof why, "URLs need libcurl, which could not be loaded (%s)",
				 e ? e : name);
		} else {
			/* ISO C has no cast from void * to a function
			 * pointer; POSIX promises this copy works */
			struct { const char *name; void *fn; } f[] = {
				{ "curl_global_init", &curl.global_init },
				{ "curl_easy_init", &curl.easy_init },
				{ "curl_easy_setopt", &curl.easy_setopt },
				{ "curl_easy_perform", &curl.easy_perform },
				{ "curl_easy_getinfo", &curl.easy_getinfo },
				{ "curl_easy_strerror", &curl.easy_strerror },
				{ "curl_easy_cleanup", &curl.easy_cleanup },
			};
			state = 1;
			for (size_t i = 0; i < sizeof f / sizeof *f && state == 1; i++) {
				void *sym = dlsym(h, f[i].name);
				if (!sym) {
					snprintf(why, sizeof why, "%s has no %s", name, f[i].name);
					state = -1;
				} else {
					memcpy(f[i].fn, &sym, sizeof sym);
				}
			}
			if (state == 1 && curl.global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
				snprintf(why, sizeof why, "libcurl could not be started");
				state = -1;
			}
		}
	}
	if (state < 0)
		snprintf(err, errlen, "%s", why);
	return state > 0 ? 0 : -1;
}

struct sink {
	struct buf b;
	size_t max;
	int over;
};

static size_t
on_data(char *p, size_t size, size_t nmemb, void *arg)
{
	struct sink *s = arg;
	size_t n = size * nmemb;
	if (s->b.len + n > s->max) {
		s->over = 1;
		return 0;
	}
	buf_add(&s->b, p, n);
	return n;
}

int
fetch_url(const char *url, size_t max_bytes, char **body, size_t *len,
	  char **content_type, char *err, size_t errlen)
{
	*body = NULL;
	*content_type = NULL;
	if (curl_open(err, errlen) < 0)
		return -1;
	CURL *h = curl.easy_init();
	if (!h) {
		snprintf(err, errlen, "cannot start libcurl");
		return -1;
	}
	struct sink s;
	buf_init(&s.b);
	s.max = max_bytes;
	s.over = 0;
	curl.easy_setopt(h, CURLOPT_URL, url);
	curl.easy_setopt(h, CURLOPT_FOLLOWLOCATION, 1L);
	curl.easy_setopt(h, CURLOPT_MAXREDIRS, 5L);
	curl.easy_setopt(h, CURLOPT_CONNECTTIMEOUT, 10L);
	curl.easy_setopt(h, CURLOPT_TIMEOUT, 30L);
	curl.easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
	curl.easy_setopt(h, CURLOPT_UNRESTRICTED_AUTH, 0L);
#if LIBCURL_VERSION_NUM >= 0x075500
	curl.easy_setopt(h, CURLOPT_PROTOCOLS_STR, "http,https");
	curl.easy_setopt(h, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
#else
	curl.easy_setopt(h, CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
	curl.easy_setopt(h, CURLOPT_REDIR_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
#endif
	curl.easy_setopt(h, CURLOPT_ACCEPT_ENCODING, "");
	curl.easy_setopt(h, CURLOPT_USERAGENT, "pith/" PACKAGE_VERSION);
	curl.easy_setopt(h, CURLOPT_WRITEFUNCTION, on_data);
	curl.easy_setopt(h, CURLOPT_WRITEDATA, &s);
	CURLcode rc = curl.easy_perform(h);
	int ret = 0;
	long status = 0;
	curl.easy_getinfo(h, CURLINFO_RESPONSE_CODE, &status);
	if (s.over) {
		snprintf(err, errlen, "larger than %zu bytes (--max-bytes)", max_bytes);
		ret = -1;
	} else if (rc != CURLE_OK) {
		snprintf(err, errlen, "%s", curl.easy_strerror(rc));
		ret = -1;
	} else if (status >= 400) {
		snprintf(err, errlen, "HTTP status %ld", status);
		ret = -1;
	} else {
		char *ct = NULL;
		curl.easy_getinfo(h, CURLINFO_CONTENT_TYPE, &ct);
		if (ct)
			*content_type = xstrdup(ct);
		*body = buf_steal(&s.b, len);
	}
	buf_free(&s.b);
	curl.easy_cleanup(h);
	return ret;
}

#else

int
fetch_url(const char *url, size_t max_bytes, char **body, size_t *len,
	  char **content_type, char *err, size_t errlen)
{
	(void)url; (void)max_bytes; (void)len;
	*body = NULL;
	*content_type = NULL;
	snprintf(err, errlen, "URLs need libcurl, and this pith was built without it");
	return -1;
}

#endif
