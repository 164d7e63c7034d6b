/* file.c - whole files: reading one (a regular file only, within a size),
 * writing one atomically through a temporary file and a rename, with the
 * old file kept as a numbered backup when asked, and making directories. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "file.h"
#include "util.h"

static void
regular_why(const struct stat *st, char *err, size_t errlen)
{
	snprintf(err, errlen, "%s", S_ISDIR(st->st_mode) ? "is a directory" :
		 S_ISFIFO(st->st_mode) ? "not a regular file (a FIFO)" :
		 S_ISCHR(st->st_mode) || S_ISBLK(st->st_mode) ? "not a regular file (a device)" :
		 "not a regular file");
}

int
check_regular(const char *path, size_t max, char *err, size_t errlen)
{
	struct stat st;
	if (stat(path, &st) < 0) {
		snprintf(err, errlen, "%s", errno == ENOENT ? "no such file" : strerror(errno));
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		regular_why(&st, err, errlen);
		return -1;
	}
	if (max && (uintmax_t)st.st_size > max) {
		snprintf(err, errlen, "larger than %zu bytes", max);
		return -1;
	}
	return 0;
}

int
read_file(const char *path, size_t max, struct buf *out, char *err,
	  size_t errlen)
{
	/* before opening: a FIFO's open would wait for a writer forever */
	struct stat st;
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		regular_why(&st, err, errlen);
		return -1;
	}
	FILE *f = fopen(path, "rb");
	if (!f) {
		snprintf(err, errlen, "%s", errno == ENOENT ? "no such file" : strerror(errno));
		return -1;
	}
	size_t start = out->len, k;
	for (;;) {
		buf_reserve(out, 65536);
		k = fread(out->data + out->len, 1, out->cap - out->len - 1, f);
		if (k == 0)
			break;
		out->len += k;
		out->data[out->len] = '\0';
		if (out->len - start > max) {
			fclose(f);
			snprintf(err, errlen, "larger than %zu bytes", max);
			return -1;
		}
	}
	bool bad = ferror(f);
	fclose(f);
	if (bad) {
		snprintf(err, errlen, "read error");
		return -1;
	}
	return 0;
}

/* The first free numbered backup name of path: path.~N~, N one more than
 * the highest there is (GNU cp --backup=numbered), and at least from. */
static char *
numbered_backup(const char *path, int from)
{
	size_t pl = strlen(path);
	char *bak = xmalloc(pl + 32);
	int hi = from - 1;
	for (int k = 1; k < 100000; k++) {
		snprintf(bak, pl + 32, "%s.~%d~", path, k);
		if (access(bak, F_OK) == 0) {
			if (k > hi)
				hi = k;
		} else if (k > hi + 64) {
			break;       /* past a gap as wide as this, no more exist */
		}
	}
	snprintf(bak, pl + 32, "%s.~%d~", path, hi + 1);
	return bak;
}

/* link(), or a refusal as a file system without hard links gives
 * (vfat, exFAT, some network ones) when $PITH_TEST_NO_LINK is set, for
 * the tests. */
static int
try_link(const char *from, const char *to)
{
	if (getenv("PITH_TEST_NO_LINK")) {
		errno = EPERM;
		return -1;
	}
	return link(from, to);
}

/* rename() that never replaces a file at to (EEXIST then): renameat2's
 * flag, else a hard link and an unlink, else (neither to be had) a look
 * first. */
static int
rename_noreplace(const char *from, const char *to)
{
	if (renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE) == 0)
		return 0;
	if (errno != EINVAL && errno != ENOSYS && errno != ENOTSUP)
		return -1;
	if (try_link(from, to) == 0)
		return unlink(from);
	if (errno == EEXIST)
		return -1;
	if (access(to, F_OK) == 0) {
		errno = EEXIST;
		return -1;
	}
	return rename(from, to);
}

/* The old file at path kept as its next numbered backup: a hard link,
 * which keeps it whole under both names until the caller's rename
 * replaces path (*linked set); where links are refused, a rename,
 * after which path is free.  A number taken meanwhile (another run's) is passed over.
 * 0, or -1 with the reason in err. */
static int
keep_backup(const char *path, bool *linked, char *err, size_t errlen)
{
	bool links = true;
	for (int from = 1, tries = 0; ; tries++) {
		char *bak = numbered_backup(path, from);
		int rc = links ? try_link(path, bak) : rename_noreplace(path, bak);
		if (rc < 0 && links && errno != EEXIST && errno != ENOENT &&
		    errno != ENAMETOOLONG && errno != ENOSPC && errno != EROFS) {
			links = false;
			rc = rename_noreplace(path, bak);
		}
		if (rc == 0) {
			*linked = links;
			free(bak);
			return 0;
		}
		if (errno != EEXIST || tries == 1000) {
			snprintf(err, errlen, "cannot keep a backup %s: %s", bak, strerror(errno));
			free(bak);
			return -1;
		}
		/* the number was taken meanwhile: the next one */
		const char *n = bak + strlen(path) + 2;
		from = atoi(n) + 1;
		free(bak);
	}
}

/* Whether the file at path (size bytes) holds data, len bytes, already. */
static bool
same_content(const char *path, off_t size, const char *data, size_t len)
{
	if (size < 0 || (uintmax_t)size != len)
		return false;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	char chunk[65536];
	size_t at = 0;
	bool same = true;
	while (same) {
		ssize_t k = read(fd, chunk, sizeof chunk);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0) {
			same = k == 0 && at == len;
			break;
		}
		same = (size_t)k <= len - at && !memcmp(chunk, data + at, (size_t)k);
		at += (size_t)k;
	}
	close(fd);
	return same;
}

/* The directory of path, locked against another pith's write into it,
 * so that two runs into one directory each keep the other's file as a
 * backup, in turn: the descriptor to close, or -1 (no lock to be had:
 * the write goes on without). */
static int
lock_dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');
	char *dir = slash ? xstrdup(path) : xstrdup(".");
	if (slash)
		dir[slash == path ? 1 : slash - path] = '\0';
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	free(dir);
	if (fd >= 0 && flock(fd, LOCK_EX) < 0) {
		close(fd);
		fd = -1;
	}
	return fd;
}

/* The temporary file write_file_atomic() has open, for a signal handler
 * to remove (a copy: the handler may not touch the heap). */
static char tmp_name[4096];
static volatile sig_atomic_t tmp_live;

static void
tmp_track(const char *name)
{
	tmp_live = 0;
	if (name && strlen(name) < sizeof tmp_name) {
		memcpy(tmp_name, name, strlen(name) + 1);
		tmp_live = 1;
	}
}

void
write_tmp_remove(void)
{
	/* removed before it is forgotten: a handler that interrupts this
	 * one finds it still tracked (a second unlink only fails) */
	if (tmp_live) {
		unlink(tmp_name);
		tmp_live = 0;
	}
}

/* tmp, holding data (len bytes), in the place of path, the file there
 * (if any) kept as a numbered backup, and not replaced when it holds
 * those bytes already (tmp then removed): a rerun keeps no copies of
 * unchanged outputs.  0, or -1 with the reason in err. */
static int
replace_kept(const char *path, const char *tmp, const char *data, size_t len, unsigned flags,
	     char *err, size_t errlen)
{
	for (int tries = 0; ; tries++) {
		struct stat cur;
		bool there = (flags & WRITE_PRECIOUS) ? stat(path, &cur) == 0 :
			     lstat(path, &cur) == 0;
		if (there && S_ISREG(cur.st_mode) && same_content(path, cur.st_size, data, len)) {
			unlink(tmp);
			return 0;
		}
		bool linked = false;
		if (there && keep_backup(path, &linked, err, errlen) < 0)
			return -1;
		/* a backup by link leaves path to be replaced at once; else
		 * never over a file that came meanwhile (not a pith's, which
		 * waits on the lock): that one is kept in turn */
		if (linked ? rename(tmp, path) == 0 : rename_noreplace(tmp, path) == 0)
			return 0;
		if (errno != EEXIST || tries == 100) {
			snprintf(err, errlen, "cannot write: %s", strerror(errno));
			return -1;
		}
	}
}

/* data written into the device or pipe at path. */
static int
write_into(const char *path, const char *data, size_t len, char *err, size_t errlen)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0) {
		snprintf(err, errlen, "cannot write: %s", strerror(errno));
		return -1;
	}
	for (size_t off = 0; off < len; ) {
		ssize_t w = write(fd, data + off, len - off);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			snprintf(err, errlen, "cannot write: %s", w < 0 ? strerror(errno) : "no room");
			close(fd);
			return -1;
		}
		off += (size_t)w;
	}
	if (close(fd) < 0) {
		snprintf(err, errlen, "cannot write: %s", strerror(errno));
		return -1;
	}
	return 0;
}

int
write_file_atomic(const char *path, const char *data, size_t len,
		  unsigned flags, char *err, size_t errlen)
{
	bool precious = flags & (WRITE_PRECIOUS | WRITE_BACKUP);
	struct stat old;
	bool exists;
	if ((flags & WRITE_BACKUP) && !(flags & WRITE_PRECIOUS)) {
		/* lstat says all stat would of a file that is no link */
		exists = lstat(path, &old) == 0;
		if (exists && S_ISLNK(old.st_mode)) {
			snprintf(err, errlen, "a symbolic link: not replaced; give another name");
			return -1;
		}
	} else {
		exists = stat(path, &old) == 0;
	}
	/* a device or a pipe (-o /dev/null, /dev/stdout, a FIFO) is written
	 * into, never replaced or kept as a backup: it is no file of the
	 * user's to keep, and moving it away would take it from everyone */
	struct stat dest;
	if (stat(path, &dest) == 0 && !S_ISREG(dest.st_mode)) {
		if (S_ISDIR(dest.st_mode)) {
			snprintf(err, errlen, "a directory; give a file's name");
			return -1;
		}
		return write_into(path, data, len, err, errlen);
	}
	/* a symbolic link is followed: its target is what gets replaced */
	char *target = (flags & WRITE_PRECIOUS) ? realpath(path, NULL) : NULL;
	/* by its mode, not access(): root may write anything, but a file
	 * its owner made read-only is not to be replaced */
	if (precious && exists && !(old.st_mode & S_IWUSR)) {
		snprintf(err, errlen, "read-only file; give another name");
		free(target);
		return -1;
	}
	if (precious && exists && access(path, W_OK) < 0) {
		snprintf(err, errlen, "cannot write: %s", strerror(errno));
		free(target);
		return -1;
	}
	if (target)
		path = target;
	size_t pl = strlen(path);
	char *tmp = xmalloc(pl + 16);
	snprintf(tmp, pl + 16, "%s.tmpXXXXXX", path);
	/* no signal between the file's creation and its tracking: a
	 * handler that ends the process removes what is tracked */
	sigset_t stop, was;
	sigemptyset(&stop);
	sigaddset(&stop, SIGINT);
	sigaddset(&stop, SIGTERM);
	sigaddset(&stop, SIGHUP);
	sigprocmask(SIG_BLOCK, &stop, &was);
	int fd = mkstemp(tmp);
	if (fd < 0 && errno == ENAMETOOLONG) {
		/* the name has room for the output's name, not for its
		 * suffix: a short one in the same directory (a rename
		 * cannot cross file systems) */
		const char *slash = strrchr(path, '/');
		int dl = slash ? (int)(slash - path) + 1 : 0;
		snprintf(tmp, pl + 16, "%.*spith.tmpXXXXXX", dl, path);
		fd = mkstemp(tmp);
	}
	if (fd >= 0)
		tmp_track(tmp);
	sigprocmask(SIG_SETMASK, &was, NULL);
	if (fd < 0) {
		snprintf(err, errlen, "cannot write: %s", strerror(errno));
		free(tmp);
		free(target);
		return -1;
	}
	size_t off = 0;
	while (off < len) {
		ssize_t k = write(fd, data + off, len - off);
		if (k < 0) {
			if (errno == EINTR)
				continue;
			snprintf(err, errlen, "cannot write: %s", strerror(errno));
			goto fail;
		}
		off += (size_t)k;
	}
	if ((flags & WRITE_PRECIOUS) && fsync(fd) < 0 && errno != EINVAL) {
		snprintf(err, errlen, "cannot write: %s", strerror(errno));
		goto fail;
	}
	/* a replaced file keeps its mode (mkstemp made it 0600) */
	fchmod(fd, exists ? (old.st_mode & 07777) : 0644);
	if (close(fd) < 0) {
		fd = -1;
		snprintf(err, errlen, "cannot write: %s", strerror(errno));
		goto fail;
	}
	fd = -1;
	if (!precious) {
		if (rename(tmp, path) < 0) {
			snprintf(err, errlen, "cannot write: %s", strerror(errno));
			goto fail;
		}
	} else {
		int lock = lock_dir_of(path);
		int rc = replace_kept(path, tmp, data, len, flags, err, errlen);
		if (lock >= 0)
			close(lock);
		if (rc < 0)
			goto fail;
	}
	tmp_track(NULL);
	free(tmp);
	free(target);
	return 0;
fail:
	if (fd >= 0)
		close(fd);
	unlink(tmp);
	tmp_track(NULL);
	free(tmp);
	free(target);
	return -1;
}

char *
path_relative(const char *from_dir, const char *to)
{
	/* the leading directories both share */
	size_t common = 0, i = 0;
	while (from_dir[i] && from_dir[i] == to[i]) {
		if (from_dir[i] == '/')
			common = i + 1;
		i++;
	}
	if (!from_dir[i] && to[i] == '/')
		common = i + 1;     /* from_dir is a directory above to */
	/* one ".." for each of from_dir's directories past them */
	size_t fl = strlen(from_dir), ups = 0;
	for (const char *p = from_dir + (common < fl ? common : fl); *p;) {
		ups++;
		while (*p && *p != '/')
			p++;
		while (*p == '/')
			p++;
	}
	size_t rest = strlen(to + common);
	char *out = xmalloc(3 * ups + rest + 1);
	for (size_t k = 0; k < ups; k++) {
		out[3 * k] = '.';
		out[3 * k + 1] = '.';
		out[3 * k + 2] = '/';
	}
	memcpy(out + 3 * ups, to + common, rest + 1);
	return out;
}

int
mkdir_parents(const char *dir)
{
	if (!*dir)
		return -1;
	/* most often there already (a batch's every page asks): one call */
	if (mkdir(dir, 0777) == 0 || errno == EEXIST)
		return 0;
	char *p = xstrdup(dir);
	int rc = 0;
	for (char *s = p + 1; ; s++) {
		if (*s == '/' || *s == '\0') {
			char c = *s;
			*s = '\0';
			if (mkdir(p, 0777) < 0 && errno != EEXIST) {
				rc = -1;
				break;
			}
			*s = c;
			if (!c)
				break;
		}
	}
	free(p);
	return rc;
}
