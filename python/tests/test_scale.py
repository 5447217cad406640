"""Bounded memory, Ctrl-C, and scale-out on existing engines: Dask (a
LocalCluster of two worker processes on loopback) and GNU parallel over ssh
(an sshd of the test's own on 127.0.0.1)."""
import os
import shutil
import signal
import socket
import subprocess
import sys
import textwrap
import time

import numpy as np
import pytest

import nonet
from conftest import CLASSIC, require


def rss_kib():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def test_memory_bounded_over_a_million(clue17):
    """1,000,000 puzzles streamed in chunks of 50,000: RSS stays flat."""
    base = nonet.to_array(clue17[:1000])
    total, chunk, seen = 1_000_000, 50_000, 0
    after_first = None
    for k in range(total // chunk):
        batch = nonet.shuffle(base, seed=k, copies=chunk // len(base)).puzzles
        r = nonet.solve(batch, jobs=2)
        assert (r.status == "unique").all()
        seen += len(batch)
        del batch, r
        if k == 1:
            after_first = rss_kib()
    assert seen == total
    growth = rss_kib() - after_first
    assert growth < 20 * 1024, f"RSS grew by {growth} KiB over {total} puzzles"


def test_ctrl_c_stops_a_long_batch():
    code = textwrap.dedent("""
        import sys, time, nonet
        print("ready", flush=True)
        t = time.time()
        try:
            nonet.count(["." * 81] * 64, limit=0, jobs=2)   # would run for ages
        except KeyboardInterrupt:
            print("interrupted %.2f" % (time.time() - t), flush=True)
            sys.exit(0)
        sys.exit(1)
    """)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    p = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True, env=env)
    assert p.stdout.readline().strip() == "ready"
    time.sleep(1.0)
    t = time.time()
    p.send_signal(signal.SIGINT)
    out, _ = p.communicate(timeout=30)
    assert p.returncode == 0 and out.startswith("interrupted"), out
    assert time.time() - t < 3.0


def _puzzle_file(tmp_path, clue17):
    """300 puzzles that rate fast (17 clues; the hardest sets take seconds each)."""
    puzzles = (clue17 * 300)[:300] + CLASSIC[:4]
    f = tmp_path / "puzzles.txt"
    f.write_text("\n".join(puzzles) + "\n")
    return f, puzzles


def test_dask_two_workers(tmp_path, clue17):
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        require("python3-distributed")
    f, _ = _puzzle_file(tmp_path, clue17)
    lines = [s for s in f.read_text().splitlines() if s]
    shards = [lines[k:k + 40] for k in range(0, len(lines), 40)]
    # the package's own calls are the tasks: the workers (spawned processes)
    # import nonet, not this test module
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address=None, local_directory=str(tmp_path / "dask")) as cluster, \
            Client(cluster) as client:
        rated = [client.submit(nonet.rate, s, pure=False) for s in shards]
        canon = [client.submit(nonet.canon, s, pure=False) for s in shards]
        rated, canon = client.gather(rated), client.gather(canon)
        workers = set(client.scheduler_info()["workers"])
    assert len(workers) == 2
    one = nonet.rate(lines)
    for name in ["er", "ep", "ed"]:
        got = np.concatenate([getattr(r, name) for r in rated])  # in input order
        assert np.array_equal(got, getattr(one, name), equal_nan=True), name
    assert (np.concatenate([r.status for r in rated]) == one.status).all()
    assert (np.concatenate([c.keys for c in canon]) == nonet.canon(lines).keys).all()


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_gnu_parallel_over_ssh(tmp_path, cli, clue17):
    sshd = shutil.which("sshd") or "/usr/sbin/sshd"
    if not os.access(sshd, os.X_OK) or not shutil.which("parallel") or not shutil.which("ssh-keygen"):
        require("openssh-server and parallel")
    if os.geteuid() != 0:
        require("root (sshd logs in as the user running it)")
    d = tmp_path / "ssh"
    d.mkdir()
    for name in ["host", "user"]:
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(d / name)], check=True)
    shutil.copy(d / "user.pub", d / "authorized_keys")
    os.chmod(d / "authorized_keys", 0o600)
    port = _free_port()
    (d / "sshd_config").write_text(textwrap.dedent(f"""
        Port {port}
        ListenAddress 127.0.0.1
        HostKey {d}/host
        AuthorizedKeysFile {d}/authorized_keys
        PidFile {d}/sshd.pid
        PermitRootLogin prohibit-password
        PasswordAuthentication no
        StrictModes no
        UsePAM no
    """))
    os.makedirs("/run/sshd", exist_ok=True)
    server = subprocess.Popen([sshd, "-D", "-e", "-f", str(d / "sshd_config")],
                              stderr=subprocess.PIPE)
    try:
        ssh = (f"ssh -p {port} -i {d}/user -o StrictHostKeyChecking=no "
               f"-o UserKnownHostsFile={d}/known_hosts -o BatchMode=yes")
        for _ in range(50):  # wait for the server
            if subprocess.run(ssh.split() + ["127.0.0.1", "true"], capture_output=True).returncode == 0:
                break
            time.sleep(0.2)
        f, _ = _puzzle_file(tmp_path, clue17)
        want = subprocess.run([cli, "rate", "-j1", str(f)], capture_output=True).stdout
        env = dict(os.environ, PARALLEL_SSH=ssh, PARALLEL_HOME=str(d / "parallel"))
        got = subprocess.run(
            ["parallel", "--pipe", "-k", "-N", "50", "-S", "2/127.0.0.1",
             f"{os.path.abspath(cli)} rate -j1"],
            stdin=open(f, "rb"), capture_output=True, env=env, timeout=600)
        assert got.returncode in (0, 1), got.stderr.decode()
        assert got.stdout == want
        assert len(want.splitlines()) == len(f.read_text().splitlines())
    finally:
        server.terminate()
        server.wait(timeout=10)
