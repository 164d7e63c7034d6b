/* batch.c - a batch of orders run in worker processes (batch.h): the
 * workers forked, each given a few orders ahead, their results read from
 * shared memory or their pipes and delivered in input order, a worker
 * that died or ran over its time limit replaced (the order it was on
 * failed, named), a worn-out one retired, and the stop signals passed on. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

#include "batch.h"
#include "file.h"

/* ---- pipes ---- */

/* The pieces of a message in one system call where the pipe takes them:
 * written piece by piece, each write can wake the reader, and the reader
 * that woke too early sleeps and is woken again (in a virtual machine
 * each wake-up costs as much as the write). */
static int
writev_full(int fd, struct iovec *iov, int n)
{
	while (n > 0) {
		ssize_t k = writev(fd, iov, n);
		if (k < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		while (n > 0 && (size_t)k >= iov->iov_len) {
			k -= (ssize_t)iov->iov_len;
			iov++;
			n--;
		}
		if (n > 0) {
			iov->iov_base = (char *)iov->iov_base + k;
			iov->iov_len -= (size_t)k;
		}
	}
	return 0;
}

static int
write_full(int fd, const void *data, size_t n)
{
	struct iovec v = { .iov_base = (void *)data, .iov_len = n };
	return writev_full(fd, &v, 1);
}

static int
read_full(int fd, void *data, size_t n)
{
	char *p = data;
	while (n > 0) {
		ssize_t k = read(fd, p, n);
		if (k < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		if (k == 0)
			return -1;
		p += k;
		n -= (size_t)k;
	}
	return 0;
}

/* ---- the workers ---- */

/* A worker's answer: its result's head, and the length of its body,
 * which follows down the pipe or waits in the worker's answers; seq -1:
 * a nudge, to take those answers. */
struct msg {
	long seq;
	size_t len;
	unsigned char head[BATCH_HEAD];
};

/* What the parent sends a worker: the order's bytes follow, to be read
 * in one piece. */
struct order {
	long seq;               /* -1: stop */
	int limit;              /* seconds, 0: none */
	size_t len;             /* the bytes that follow */
};

/* A worker's end on SIGINT, SIGTERM or SIGHUP: its temporary output
 * removed, exit 128 + the signal. */
static void
worker_signal(int sig)
{
	write_tmp_remove();
	_exit(128 + sig);
}

/* The parent's: the signal noted, so that it stops giving work, ends its
 * workers and leaves with it. */
static volatile sig_atomic_t batch_signal;

static void
parent_signal(int sig)
{
	batch_signal = sig;
}

/* The signals that stop a batch. */
static const int stop_signals[] = { SIGINT, SIGTERM, SIGHUP };
#define NSTOP_SIGNALS 3

/* The stop signals as a set. */
static void
stop_set(sigset_t *set)
{
	sigemptyset(set);
	for (int i = 0; i < NSTOP_SIGNALS; i++)
		sigaddset(set, stop_signals[i]);
}

/* Wait until one of the n descriptors of pfd can be read, or a stop
 * signal comes.  The parent's handler only notes the signal, so one that
 * came just before a blocking call would leave that call waiting, maybe
 * for ever (a worker on a page with no end, an input pipe kept open):
 * the stop signals are let in only inside ppoll, and one noted before it
 * is seen first.  The number of descriptors ready; -1 with errno
 * ECANCELED at a stop signal, or ppoll's error. */
static int
wait_ready(struct pollfd *pfd, int n)
{
	sigset_t stop, was;
	stop_set(&stop);
	sigprocmask(SIG_BLOCK, &stop, &was);
	int rc;
	do
		rc = batch_signal ? (errno = ECANCELED, -1) :
		     ppoll(pfd, (nfds_t)n, NULL, &was);
	while (rc < 0 && errno == EINTR && !batch_signal);
	if (rc < 0 && errno == EINTR)
		errno = ECANCELED;
	int err = errno;
	sigprocmask(SIG_SETMASK, &was, NULL);
	errno = err;
	return rc;
}

int
batch_wait_input(int fd)
{
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	return wait_ready(&pfd, 1) < 0 ? -1 : 0;
}

/* handler for each of them, no SA_RESTART; the old actions in old[]
 * when old is not NULL.  The stop signals and the clock's wait while a
 * handler runs: a TERM from the parent that came inside a worker's
 * handler for the group's HUP would end the worker between the handler
 * taking its temporary file and removing it. */
static void
on_stop_signals(void (*handler)(int), struct sigaction *old)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = handler;
	stop_set(&sa.sa_mask);
	sigaddset(&sa.sa_mask, SIGALRM);
	for (int i = 0; i < NSTOP_SIGNALS; i++)
		sigaction(stop_signals[i], &sa, old ? &old[i] : NULL);
}

/* A worker's time limit is counted in ticks of a repeating timer, not
 * by one alarm: while the worker is stopped (^Z, SIGSTOP) the timer's
 * expiries merge into one pending signal, so a stop of any length costs
 * one tick, and a batch continued after a stop longer than --timeout
 * does not lose the pages it was on.  The last tick ends the worker by
 * SIGALRM, as an alarm did, and the parent names the order. */
#define TICK_MS 250
static volatile sig_atomic_t ticks_left;

static void
worker_tick(int sig)
{
	if (--ticks_left <= 0) {
		/* out of time while writing the page's output: no half of
		 * it is left */
		write_tmp_remove();
		signal(sig, SIG_DFL);
		raise(sig);     /* delivered, and the worker ended, as the handler returns */
	}
}

/* The clock of an order of limit seconds started (limit 0: stopped). */
static void
worker_clock(int limit)
{
	struct itimerval it;
	memset(&it, 0, sizeof it);
	if (limit > 0) {
		ticks_left = limit * (1000 / TICK_MS);
		it.it_interval.tv_usec = (suseconds_t)TICK_MS * 1000;
		it.it_value = it.it_interval;
	}
	setitimer(ITIMER_REAL, &it, NULL);
}

/* A worker holds up to QUEUE items: the one it works on, and the next
 * ones, already in its pipe, so that it goes on without waiting for the
 * parent to wake (a page's round trip cost lb a third of its time in the
 * kernel).  An order of more than QUEUE_SMALL bytes (a WARC record's
 * page) is given only to an idle worker: two such could fill the pipe,
 * and the parent would block on it while the worker blocks on its
 * result. */
#define QUEUE 4
#define QUEUE_SMALL 4096

/* A worker's answers that need not wake the parent: a result whose body
 * is at most ANSWER_BODY bytes (extract's with -o: every page's, its text
 * gone to a file) is put in memory the parent shares, mapped before the
 * fork.  The worker wakes the parent (a message of seq -1 down its pipe)
 * only when NUDGE_AT orders or fewer are left to it, so that a batch of
 * small pages wakes the parent once in QUEUE - NUDGE_AT pages, not once a
 * page: on two cores, each wake-up of the parent puts a worker aside.  What a worker
 * that dies had put in is still there to be read, so the first item it
 * held and did not answer is the one it died on.
 *
 * The counts only grow while a worker lives: given is the parent's,
 * done the worker's, taken the parent's again; slot[i % QUEUE] holds
 * the i-th result put in.  A fresh worker starts them at 0. */
#define ANSWER_BODY 1024
#define NUDGE_AT 1

struct answers {
	unsigned long given;    /* orders written to the worker */
	unsigned long done;     /* results put in (the worker's store) */
	unsigned long taken;    /* results taken out by the parent */
	struct {
		struct msg m;
		char body[ANSWER_BODY];
	} slot[QUEUE];
};

/* Blocks this large or larger are mapped for themselves, and freed
 * memory past this much at the heap's top is given back. */
#define WORKER_MMAP_THRESHOLD (4 << 20)
#define WORKER_TRIM_THRESHOLD (16 << 20)

static void
worker(const struct batch_ops *ops, int rfd, int wfd, struct answers *ans)
{
	struct order o;
	struct buf in, out;
	buf_init(&in);
	buf_init(&out);
	unsigned long replied = 0, put = 0;     /* all answers, and those in ans */
	/* a page's buffers (its bytes, their decoding, the text) are freed
	 * and asked for again at the next page.  glibc's own limits (which
	 * it raises as it goes) gave the memory back and faulted it in anew
	 * at every page, 40 faults a page with lb; these keep up to 16 MiB
	 * for the next page.  Setting either limit stops glibc raising the
	 * other, so both are set. */
	mallopt(M_MMAP_THRESHOLD, WORKER_MMAP_THRESHOLD);
	mallopt(M_TRIM_THRESHOLD, WORKER_TRIM_THRESHOLD);
	/* a reader that left must not kill the worker mid-page: its write
	 * fails and the parent sees the pipe close */
	signal(SIGPIPE, SIG_IGN);
	/* interrupted (the terminal's ^C reaches the whole group, the
	 * parent passes on a TERM): no half-written file is left */
	on_stop_signals(worker_signal, NULL);
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = worker_tick;
	sa.sa_flags = SA_RESTART;       /* a tick interrupts no read of the page */
	sigemptyset(&sa.sa_mask);
	sigaction(SIGALRM, &sa, NULL);
	while (read_full(rfd, &o, sizeof o) == 0 && o.seq >= 0) {
		in.len = 0;
		buf_reserve(&in, o.len);
		if (read_full(rfd, in.data, o.len) < 0)
			_exit(3);
		in.data[o.len] = '\0';
		/* zeroed whole: its padding goes down the pipe too */
		struct msg m;
		memset(&m, 0, sizeof m);
		if (o.limit > 0)
			worker_clock(o.limit);
		ops->work(ops->ctx, in.data, o.len, m.head, &out);
		if (o.limit > 0)
			worker_clock(0);
		m.seq = o.seq;
		m.len = out.len;
		replied++;
		if (ans && out.len <= ANSWER_BODY) {
			ans->slot[put % QUEUE].m = m;
			if (out.len)
				memcpy(ans->slot[put % QUEUE].body, out.data, out.len);
			/* the slot is whole before the parent can see it */
			__atomic_store_n(&ans->done, ++put, __ATOMIC_RELEASE);
			unsigned long given = __atomic_load_n(&ans->given, __ATOMIC_ACQUIRE);
			if (given - replied <= NUDGE_AT) {
				struct msg nudge;
				memset(&nudge, 0, sizeof nudge);
				nudge.seq = -1;
				if (write_full(wfd, &nudge, sizeof nudge) < 0)
					_exit(3);
			}
		} else {
			struct iovec iov[2] = {
				{ &m, sizeof m }, { out.data ? out.data : "", out.len },
			};
			if (writev_full(wfd, iov, 2) < 0)
				_exit(3);
		}
		buf_free(&out);
	}
	_exit(0);
}

struct slot {
	pid_t pid;
	int to, from;
	struct answers *ans;        /* its answers, shared; NULL: all by the pipe */
	int held;               /* items given and not yet answered */
	long seq[QUEUE];        /* theirs, the one it works on first */
	struct buf order[QUEUE];  /* as sent, to send a fresh worker again */
	long pages;             /* pages it has done */
	bool worn;              /* takes no more: replaced when it is idle */
};

/* A worker is replaced after this many pages, or once its resident
 * memory passes WORKER_RSS: no leak in a library (libtidy has had some)
 * can grow a long batch. */
#define WORKER_PAGES 2000
#define WORKER_RSS ((long)1 << 30)

/* A worker is given no more than this many pages: WORKER_PAGES, or
 * $PITH_TEST_WORKER_PAGES for the tests. */
static long
worker_pages(void)
{
	static long limit = -1;
	if (limit < 0) {
		const char *e = getenv("PITH_TEST_WORKER_PAGES");
		limit = e && atol(e) > 0 ? atol(e) : WORKER_PAGES;
	}
	return limit;
}

/* The resident memory of process pid in bytes, -1 when unknown. */
static long
rss_of(pid_t pid)
{
	char path[64];
	snprintf(path, sizeof path, "/proc/%ld/statm", (long)pid);
	FILE *f = fopen(path, "r");
	if (!f)
		return -1;
	long size, resident;
	int ok = fscanf(f, "%ld %ld", &size, &resident) == 2;
	fclose(f);
	return ok ? resident * sysconf(_SC_PAGESIZE) : -1;
}

/* Start worker k; its child end of the pipes, and no other worker's. */
static int
spawn(const struct batch_ops *ops, struct slot *w, int nw, int k)
{
	int down[2], up[2];
	if (pipe(down) < 0)
		return -1;
	if (pipe(up) < 0) {
		close(down[0]);
		close(down[1]);
		return -1;
	}
	fflush(stdout);
	fflush(stderr);
	if (w[k].ans)
		w[k].ans->given = w[k].ans->done = w[k].ans->taken = 0;
	pid_t parent = getpid();
	/* a stop signal between the fork and the worker's own handlers would
	 * reach the parent's (a flag the worker never reads): blocked over
	 * the fork, it waits for the handler of whichever process has it */
	sigset_t stop, was;
	stop_set(&stop);
	sigprocmask(SIG_BLOCK, &stop, &was);
	pid_t pid = fork();
	if (pid == 0)
		on_stop_signals(worker_signal, NULL);
	sigprocmask(SIG_SETMASK, &was, NULL);
	if (pid < 0) {
		close(down[0]);
		close(down[1]);
		close(up[0]);
		close(up[1]);
		return -1;
	}
	if (pid == 0) {
		/* a worker dies with its parent, however the parent ends (a
		 * SIGKILL has no handler to end the workers) */
		prctl(PR_SET_PDEATHSIG, SIGTERM);
		if (getppid() != parent)
			_exit(128 + SIGTERM);
		close(down[1]);
		close(up[0]);
		for (int j = 0; j < nw; j++)
			if (j != k && w[j].pid > 0) {
				close(w[j].to);
				close(w[j].from);
			}
		worker(ops, down[0], up[1], w[k].ans);
	}
	close(down[0]);
	close(up[1]);
	w[k].pid = pid;
	w[k].to = down[1];
	w[k].from = up[0];
	w[k].pages = 0;
	w[k].worn = false;
	return 0;
}

/* The head of order seq (its bytes after it in ord), written in. */
static void
order_head(long seq, const struct batch_item *it, struct buf *ord)
{
	/* zeroed whole: its padding goes down the pipe too */
	struct order o;
	memset(&o, 0, sizeof o);
	o.seq = seq;
	o.limit = it->limit;
	o.len = ord->len - sizeof o;
	memcpy(ord->data, &o, sizeof o);
}

/* Whether worker w can take an order of n bytes now. */
static bool
can_take(const struct slot *w, size_t n)
{
	if (w->pid <= 0 || w->worn || w->held == QUEUE || w->pages + w->held >= worker_pages())
		return false;
	if (w->held == 0)
		return true;
	for (int i = 0; i < w->held; i++)
		if (w->order[i].len > QUEUE_SMALL)
			return false;
	return n <= QUEUE_SMALL;
}

/* Item seq, whose order is in ord, to worker w. */
static int
give(struct slot *w, long seq, struct buf *ord)
{
	struct buf t = w->order[w->held];
	w->order[w->held] = *ord;
	*ord = t;
	w->seq[w->held++] = seq;
	if (w->ans)
		__atomic_store_n(&w->ans->given, w->ans->given + 1, __ATOMIC_RELEASE);
	return write_full(w->to, w->order[w->held - 1].data, w->order[w->held - 1].len);
}

/* Worker w has answered its first item. */
static void
answered(struct slot *w)
{
	struct buf t = w->order[0];
	for (int i = 1; i < w->held; i++) {
		w->seq[i - 1] = w->seq[i];
		w->order[i - 1] = w->order[i];
	}
	w->order[--w->held] = t;
}

/* An order's result waiting to be delivered in input order. */
struct pending {
	char *name;
	int limit;              /* its time limit (s), 0 none */
	unsigned char head[BATCH_HEAD];
	struct buf out;         /* its body, or why it failed */
	bool failed;            /* before it ran, or with its worker */
	bool have;
};

/* The first item worker w held (p, in ring) is done: failed, for why. */
static void
first_failed(struct slot *w, struct pending *ring, int window, const char *why)
{
	struct pending *p = &ring[w->seq[0] % window];
	buf_free(&p->out);
	buf_init(&p->out);
	buf_adds(&p->out, why);
	p->failed = true;
	p->have = true;
	answered(w);
}

/* The first item worker w held, pending at p, is answered by m (its body
 * in p's out already). */
static void
first_answered(struct slot *w, struct pending *p, const struct msg *m)
{
	memcpy(p->head, m->head, sizeof p->head);
	p->failed = false;
	p->have = true;
	answered(w);
}

/* The results worker w has put in its answers and the parent has not
 * taken, into their pending entries, up to the first that is not the
 * answer to the item it holds first (that one's result is in its pipe):
 * how many, or -1 when one answers no item it holds (the worker is then
 * to be replaced). */
static int
take_answers(struct slot *w, struct pending *ring, int window)
{
	if (!w->ans)
		return 0;
	struct answers *ans = w->ans;
	unsigned long done = __atomic_load_n(&ans->done, __ATOMIC_ACQUIRE);
	int n = 0;
	for (; ans->taken < done; ans->taken++, n++) {
		const struct msg *m = &ans->slot[ans->taken % QUEUE].m;
		int i = 0;
		while (i < w->held && m->seq != w->seq[i])
			i++;
		if (i == w->held || m->len > ANSWER_BODY)
			return -1;
		if (i > 0)
			break;
		struct pending *p = &ring[w->seq[0] % window];
		p->out.len = 0;
		buf_add(&p->out, ans->slot[ans->taken % QUEUE].body, m->len);
		first_answered(w, p, m);
	}
	return n;
}

/* Worker k is gone (crashed, over the time limit, or its pipe broke):
 * the result of the item it worked on says how, and a fresh worker takes
 * its place and the items it held after that one. */
static void
worker_lost(const struct batch_ops *ops, struct slot *w, int nw, int k, struct pending *ring,
	    int window)
{
	for (;;) {
		int status = 0;
		close(w[k].to);
		close(w[k].from);
		waitpid(w[k].pid, &status, 0);
		w[k].pid = -1;
		/* what it finished stands; the next is the one it died on
		 * (an answer out of order: that one is blamed too) */
		take_answers(&w[k], ring, window);
		if (w[k].held) {
			int limit = ring[w[k].seq[0] % window].limit;
			char why[128];
			if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM && limit > 0)
				snprintf(why, sizeof why, "over the time limit (%d s)", limit);
			else if (WIFSIGNALED(status))
				snprintf(why, sizeof why, "crashed (signal %d, %s)", WTERMSIG(status),
					 strsignal(WTERMSIG(status)));
			else
				snprintf(why, sizeof why, "crashed (exit status %d)",
					 WIFEXITED(status) ? WEXITSTATUS(status) : -1);
			first_failed(&w[k], ring, window, why);
		}
		if (spawn(ops, w, nw, k) < 0) {
			w[k].pid = -1;
			while (w[k].held)
				first_failed(&w[k], ring, window, "no worker process could be started");
			return;
		}
		int i = 0;
		while (i < w[k].held) {
			if (w[k].ans)
				__atomic_store_n(&w[k].ans->given, (unsigned long)i + 1, __ATOMIC_RELEASE);
			if (write_full(w[k].to, w[k].order[i].data, w[k].order[i].len) < 0)
				break;
			i++;
		}
		if (i == w[k].held)
			return;
		/* the fresh worker is gone too: its first item is to blame */
	}
}

/* Tell an idle worker its work is done: it exits. */
static void
send_stop(const struct slot *w)
{
	/* zeroed whole: its padding goes down the pipe too */
	struct order stop;
	memset(&stop, 0, sizeof stop);
	stop.seq = -1;
	write_full(w->to, &stop, sizeof stop);
}

/* Worker k has answered n pages: once it has been given worker_pages()
 * pages, or holds more than WORKER_RSS bytes, it takes no more, and when
 * it is idle a fresh one takes its place. */
static void
retire_if_worn(const struct batch_ops *ops, struct slot *w, int nw, int k, int n)
{
	long was = w[k].pages;
	w[k].pages += n;
	if (w[k].pages + w[k].held >= worker_pages() ||
	    (w[k].pages / 64 != was / 64 && rss_of(w[k].pid) > WORKER_RSS))
		w[k].worn = true;
	if (!w[k].worn || w[k].held)
		return;
	if (ops->verbose) {
		long rss = rss_of(w[k].pid);
		eprintf("pith: worker %d replaced after %ld pages (%ld MiB resident)\n", k + 1,
			w[k].pages, rss > 0 ? rss >> 20 : 0);
	}
	send_stop(&w[k]);
	close(w[k].to);
	close(w[k].from);
	waitpid(w[k].pid, NULL, 0);
	if (spawn(ops, w, nw, k) < 0)
		w[k].pid = -1;
}

/* ---- the parent's loop ---- */

/* At most WINDOW results wait to be delivered in input order. */
#define WINDOW 256

/* The batch as the parent runs it. */
struct pool {
	const struct batch_ops *ops;
	int nw;
	struct slot *w;
	struct pending *ring;       /* WINDOW of them, by seq */
	struct answers *ans;        /* the workers' answers, shared; or NULL */
	size_t anssize;
	struct pollfd *pfd;
	int *who;                   /* the worker of each of pfd */
	struct sigaction old[NSTOP_SIGNALS];
	long next, next_print;      /* the seq of the next order, and of the
				     * next result to deliver */
	bool more, waiting;         /* orders left; one read, not yet given */
	bool broken;                /* deliver said nothing more can go */
	char *lost;                 /* the workers could not be waited on:
				     * why, and every order left fails so */
	struct batch_item it;       /* the order read */
	struct buf ord;             /* its bytes, after its head */
};

/* The pool set up, its workers started. */
static void
pool_start(struct pool *p, const struct batch_ops *ops, int nw)
{
	memset(p, 0, sizeof *p);
	p->ops = ops;
	p->nw = nw;
	p->more = true;
	p->w = xcalloc((size_t)nw, sizeof *p->w);
	p->ring = xcalloc(WINDOW, sizeof *p->ring);
	p->pfd = xcalloc((size_t)nw, sizeof *p->pfd);
	p->who = xcalloc((size_t)nw, sizeof *p->who);
	buf_init(&p->ord);
	/* the workers' answers, shared; without them (no memory to map)
	 * every result comes down the pipes */
	p->anssize = (size_t)nw * sizeof(struct answers);
	p->ans = mmap(NULL, p->anssize, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
		      -1, 0);
	if (p->ans == MAP_FAILED)
		p->ans = NULL;
	for (int k = 0; k < nw; k++)
		p->w[k].ans = p->ans ? &p->ans[k] : NULL;
	signal(SIGPIPE, SIG_IGN);
	/* no SA_RESTART: a blocking call returns at the signal (the waits
	 * for the workers and for input see it by wait_ready) */
	on_stop_signals(parent_signal, p->old);
	for (int k = 0; k < nw; k++)
		if (spawn(ops, p->w, nw, k) < 0)
			p->w[k].pid = -1;
}

/* The next order into p->it and p->ord (its head written in, unless it
 * failed already): false at the end of the orders. */
static bool
read_order(struct pool *p)
{
	/* zeroed whole: its padding goes down the pipe too */
	struct order o;
	memset(&o, 0, sizeof o);
	p->ord.len = 0;
	buf_add(&p->ord, &o, sizeof o);
	memset(&p->it, 0, sizeof p->it);
	if (!p->ops->next(p->ops->ctx, &p->it, &p->ord))
		return false;
	if (!p->it.error)
		order_head(p->next, &p->it, &p->ord);
	return true;
}

static void read_worker(struct pool *p, int k);

/* Work for every worker that can take it, within the window: the least
 * busy first. */
static void
hand_out(struct pool *p)
{
	struct slot *w = p->w;
	int nw = p->nw;
	while (p->more && !batch_signal && p->next - p->next_print < WINDOW) {
		bool any = false;
		for (int j = 0; j < nw; j++)
			any |= w[j].pid > 0;
		if (!p->waiting) {
			if (!read_order(p)) {
				p->more = false;
				break;
			}
			p->waiting = true;
		}
		int k = -1;
		for (int j = 0; j < nw; j++)
			if (can_take(&w[j], p->ord.len) && (k < 0 || w[j].held < w[k].held))
				k = j;
		if (any && !p->it.error && !p->lost && k < 0)
			break;
		p->waiting = false;
		struct pending *q = &p->ring[p->next % WINDOW];
		q->name = xstrdup(p->it.name);
		q->limit = p->it.limit;
		buf_init(&q->out);
		q->failed = false;
		q->have = false;
		if (p->it.error || p->lost) {
			buf_adds(&q->out, p->it.error ? p->it.error : p->lost);
			q->failed = true;
			q->have = true;
		} else if (!any) {
			/* no process to be had: run it in this one */
			memset(q->head, 0, sizeof q->head);
			p->ops->work(p->ops->ctx, p->ord.data + sizeof(struct order),
				     p->ord.len - sizeof(struct order), q->head, &q->out);
			q->have = true;
		} else if (give(&w[k], p->next, &p->ord) < 0) {
			/* it is gone: what it wrote before it went is read
			 * first, so that only the page it died on is blamed
			 * (read_worker replaces it at the pipe's end) */
			pid_t gone = w[k].pid;
			while (w[k].pid == gone && gone > 0)
				read_worker(p, k);
		}
		p->next++;
	}
}

/* The results that are next in input order, delivered. */
static void
deliver_ready(struct pool *p)
{
	while (p->next_print < p->next && p->ring[p->next_print % WINDOW].have && !p->broken) {
		struct pending *q = &p->ring[p->next_print % WINDOW];
		if (!p->ops->deliver(p->ops->ctx, q->name, q->failed ? NULL : q->head, &q->out))
			p->broken = true;
		buf_free(&q->out);
		free(q->name);
		q->name = NULL;
		q->have = false;
		p->next_print++;
	}
}

/* What worker k has to say: a result, or a nudge (seq -1) to take those
 * in its answers; answers put in before a result are taken before it,
 * and those after it, after. */
static void
read_worker(struct pool *p, int k)
{
	struct slot *w = p->w;
	struct msg m;
	bool ok = read_full(w[k].from, &m, sizeof m) == 0;
	int n = ok ? take_answers(&w[k], p->ring, WINDOW) : 0;
	ok = ok && n >= 0;
	if (ok && m.seq != -1) {
		ok = w[k].held && m.seq == w[k].seq[0];
		struct pending *q = ok ? &p->ring[m.seq % WINDOW] : NULL;
		if (ok) {
			struct buf *o = &q->out;
			buf_reserve(o, m.len);
			ok = read_full(w[k].from, o->data, m.len) == 0;
			o->len = ok ? m.len : 0;
			o->data[o->len] = '\0';
		}
		if (ok) {
			first_answered(&w[k], q, &m);
			int after = take_answers(&w[k], p->ring, WINDOW);
			ok = after >= 0;
			n += 1 + (ok ? after : 0);
		}
	}
	if (!ok) {
		worker_lost(p->ops, w, p->nw, k, p->ring, WINDOW);
		return;
	}
	if (n)
		retire_if_worn(p->ops, w, p->nw, k, n);
}

/* The pool cannot wait on its workers (poll failed for a reason no
 * retry mends): every worker ended, and each order it held, and each
 * order still to come, fails saying why, so that no page is lost
 * without a word. */
static void
pool_lost(struct pool *p, int err)
{
	char why[160];
	snprintf(why, sizeof why, "not run: the workers could not be waited on (poll: %s)",
		 strerror(err));
	p->lost = xstrdup(why);
	for (int k = 0; k < p->nw; k++) {
		struct slot *w = &p->w[k];
		if (w->pid <= 0)
			continue;
		kill(w->pid, SIGTERM);
		close(w->to);
		close(w->from);
		waitpid(w->pid, NULL, 0);
		w->pid = -1;
		take_answers(w, p->ring, WINDOW);
		while (w->held)
			first_failed(w, p->ring, WINDOW, p->lost);
	}
}

/* Wait for the workers that hold orders, and read what they say.  Only
 * those are polled: poll refuses (EINVAL) more descriptors than the
 * open-file limit, and workers that could not start hold none. */
static void
wait_workers(struct pool *p)
{
	int np = 0;
	for (int k = 0; k < p->nw; k++)
		if (p->w[k].pid > 0 && p->w[k].held) {
			p->pfd[np].fd = p->w[k].from;
			p->pfd[np].events = POLLIN;
			p->pfd[np].revents = 0;
			p->who[np++] = k;
		}
	if (np == 0)
		return;
	if (wait_ready(p->pfd, np) < 0) {
		if (errno != ECANCELED && errno != EAGAIN)
			pool_lost(p, errno);
		return;
	}
	for (int i = 0; i < np; i++)
		if (p->pfd[i].revents)
			read_worker(p, p->who[i]);
}

/* The workers ended (told to stop, or killed when nothing more can be
 * delivered or a signal came), the parent's signal actions back, and the
 * pool freed; after a signal, the process ends with it. */
static void
pool_end(struct pool *p)
{
	struct slot *w = p->w;
	buf_free(&p->ord);
	for (int k = 0; k < p->nw; k++) {
		if (w[k].pid <= 0)
			continue;
		if (p->broken || batch_signal) {
			/* nothing it does can be delivered, or the user asked
			 * to stop: it removes its temporary file and ends */
			kill(w[k].pid, SIGTERM);
		} else {
			send_stop(&w[k]);
		}
		close(w[k].to);
		close(w[k].from);
	}
	for (int k = 0; k < p->nw; k++)
		if (w[k].pid > 0)
			waitpid(w[k].pid, NULL, 0);
	for (int i = 0; i < NSTOP_SIGNALS; i++)
		sigaction(stop_signals[i], &p->old[i], NULL);
	if (batch_signal) {
		/* leave as the signal would have: 128 + its number */
		fflush(stdout);
		signal(batch_signal, SIG_DFL);
		raise(batch_signal);
	}
	for (int i = 0; i < WINDOW; i++) {
		free(p->ring[i].name);
		buf_free(&p->ring[i].out);
	}
	for (int k = 0; k < p->nw; k++)
		for (int i = 0; i < QUEUE; i++)
			buf_free(&w[k].order[i]);
	free(p->pfd);
	free(p->who);
	free(p->lost);
	free(w);
	free(p->ring);
	if (p->ans)
		munmap(p->ans, p->anssize);
}

/* Descriptors kept free of the workers' pipes: the parent's inputs
 * (a page, a WARC file and its decompression), the two pipes a worker
 * being replaced takes before the old ones are closed, and rule files. */
#define FD_RESERVE 8

/* How many of nw workers the open-file limit leaves room for (each
 * holds two of the parent's descriptors), at least one; said on stderr
 * when fewer.  Past the limit, pipe() fails and poll() refuses the lot. */
static int
workers_within_fd_limit(int nw)
{
	struct rlimit rl;
	if (getrlimit(RLIMIT_NOFILE, &rl) < 0 || rl.rlim_cur == RLIM_INFINITY ||
	    rl.rlim_cur >= (rlim_t)2 * nw + FD_RESERVE + 4096)
		return nw;
	int open_now = 0;
	for (int fd = 0; fd < (int)rl.rlim_cur; fd++)
		open_now += fcntl(fd, F_GETFD) >= 0;
	long room = ((long)rl.rlim_cur - open_now - FD_RESERVE) / 2;
	int can = room < 1 ? 1 : room < nw ? (int)room : nw;
	if (can < nw)
		eprintf("pith: %d worker%s, not %d: the open-file limit (%ld, %d open) "
			"allows no more\n", can, can == 1 ? "" : "s", nw, (long)rl.rlim_cur,
			open_now);
	return can;
}

/* Every order in a worker process, so that an order that crashes it or
 * runs over its time limit costs only itself: it fails, named, and a
 * fresh worker takes the next.  The parent reads the orders as the
 * workers can take them (QUEUE at most to a worker, so that a slow order
 * holds up QUEUE - 1 at most; at most WINDOW results wait to be
 * delivered) and delivers the results in input order. */
void
batch_run(const struct batch_ops *ops, int nw)
{
	struct pool p;
	pool_start(&p, ops, workers_within_fd_limit(nw));
	while (!p.broken && !batch_signal) {
		hand_out(&p);
		deliver_ready(&p);
		if (!p.more && p.next_print == p.next)
			break;
		wait_workers(&p);
	}
	pool_end(&p);
}
