//! JAX end to end on the built plugin. Needs a Python with jax 0.10.x, named by
//! `PJRTC_JAX_PYTHON` (e.g. `.venv/bin/python`), so it is ignored by default: run it with
//! `PJRTC_JAX_PYTHON=.venv/bin/python cargo test -p pjrtc-pjrt-plugin -- --ignored`.

use std::path::PathBuf;
use std::process::Command;

const SCRIPT: &str = r#"
import numpy as np, jax, jax.numpy as jnp
assert jax.devices()[0].platform == "pjrtc", jax.devices()
x = np.random.rand(8, 16).astype(np.float32)
w = np.random.rand(16, 4).astype(np.float32)
r = jax.jit(lambda x, w: jax.nn.relu(x @ w) - 1.0)(x, w)
assert np.allclose(np.asarray(r), np.maximum(x @ w, 0) - 1.0, atol=1e-5)
a = np.arange(6, dtype=np.float32).reshape(2, 3)
assert np.array_equal(np.asarray(jax.jit(lambda a: a + 0)(a.T)), a.T)  # strided input
assert np.asarray(jax.jit(lambda a: a > 2)(a)).dtype == np.bool_
assert float(jax.jit(lambda a: a.sum())(a)) == 15.0                      # scalar output
from jax.experimental import serialize_executable as se
c = jax.jit(lambda a: a * 2).lower(a).compile()
c2 = se.deserialize_and_load(*se.serialize(c))                           # Serialize + DeserializeAndLoad
assert np.array_equal(np.asarray(c2(a)), a * 2)
print("ok")
"#;

fn plugin_path() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let deps = exe.parent().unwrap();
    [deps, deps.parent().unwrap()]
        .iter()
        .map(|d| d.join("libpjrtc_pjrt_plugin.so"))
        .find(|p| p.exists())
        .expect("libpjrtc_pjrt_plugin.so not built")
}

#[test]
#[ignore = "needs PJRTC_JAX_PYTHON: a Python with jax 0.10.x"]
fn jax_runs_jit_on_the_plugin() {
    let Ok(python) = std::env::var("PJRTC_JAX_PYTHON") else {
        panic!("set PJRTC_JAX_PYTHON to a Python with jax 0.10.x");
    };
    let out = Command::new(python)
        .arg("-c")
        .arg(SCRIPT)
        .env(
            "PJRT_NAMES_AND_LIBRARY_PATHS",
            format!("pjrtc:{}", plugin_path().display()),
        )
        .env("JAX_PLATFORMS", "pjrtc")
        .output()
        .expect("run python");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && stdout.contains("ok"),
        "status {}\n{stdout}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
}
