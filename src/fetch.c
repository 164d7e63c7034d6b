/* fetch.c - fetching a page by URL with libcurl (optional at build time):
 * http and https only, bounded time, size and redirects, no credentials
 * carried to another host. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fetch.h"
#include "util.h"

#ifdef HAVE_LIBCURL
#include <curl/curl.h>

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
	static int inited;
	if (!inited) {
		curl_global_init(CURL_GLOBAL_DEFAULT);
		inited = 1;
	}
	*body = NULL;
	*content_type = NULL;
	CURL *h = curl_easy_init();
	if (!h) {
		snprintf(err, errlen, "cannot start libcurl");
		return -1;
	}
	struct sink s;
	buf_init(&s.b);
	s.max = max_bytes;
	s.over = 0;
	curl_easy_setopt(h, CURLOPT_URL, url);
	curl_easy_setopt(h, CURLOPT_FOLLOWLOCATION, 1L);
	curl_easy_setopt(h, CURLOPT_MAXREDIRS, 5L);
	curl_easy_setopt(h, CURLOPT_CONNECTTIMEOUT, 10L);
	curl_easy_setopt(h, CURLOPT_TIMEOUT, 30L);
	curl_easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(h, CURLOPT_UNRESTRICTED_AUTH, 0L);
#if LIBCURL_VERSION_NUM >= 0x075500
	curl_easy_setopt(h, CURLOPT_PROTOCOLS_STR, "http,https");
	curl_easy_setopt(h, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
#else
	curl_easy_setopt(h, CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
	curl_easy_setopt(h, CURLOPT_REDIR_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
#endif
	curl_easy_setopt(h, CURLOPT_ACCEPT_ENCODING, "");
	curl_easy_setopt(h, CURLOPT_USERAGENT, "pith/" PACKAGE_VERSION);
	curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, on_data);
	curl_easy_setopt(h, CURLOPT_WRITEDATA, &s);
	CURLcode rc = curl_easy_perform(h);
	int ret = 0;
	long status = 0;
	curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &status);
	if (s.over) {
		snprintf(err, errlen, "larger than %zu bytes (--max-bytes)", max_bytes);
		ret = -1;
	} else if (rc != CURLE_OK) {
		snprintf(err, errlen, "%s", curl_easy_strerror(rc));
		ret = -1;
	} else if (status >= 400) {
		snprintf(err, errlen, "HTTP status %ld", status);
		ret = -1;
	} else {
		char *ct = NULL;
		curl_easy_getinfo(h, CURLINFO_CONTENT_TYPE, &ct);
		if (ct)
			*content_type = xstrdup(ct);
		*body = buf_steal(&s.b, len);
	}
	buf_free(&s.b);
	curl_easy_cleanup(h);
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
