//! The transport of collectives across processes: Open MPI, loaded at run time with
//! `libloading` the first time a program spans processes (docs/DISTRIBUTED.md). Nothing
//! else needs MPI: single-process use, `pjx-run` and the build do not link it.
//!
//! The functions and Open MPI's predefined handles (`ompi_mpi_comm_world`, `ompi_mpi_byte`:
//! in Open MPI `MPI_COMM_WORLD` is the address of a global) are resolved by name, which
//! ties this to Open MPI's ABI; a missing library or symbol is an error naming it.

use std::ffi::{c_char, c_int, c_void};
use std::sync::{Mutex, OnceLock};

use libloading::os::unix::{Library, RTLD_GLOBAL, RTLD_NOW};

use crate::collective::Transport;

/// The library names tried, in order (`PJRTC_MPI_LIBRARY` first when set).
const LIBRARIES: [&str; 2] = ["libmpi.so.40", "libmpi.so"];
/// `MPI_THREAD_SERIALIZED` in Open MPI's `mpi.h`: calls from several threads, one at a time.
const MPI_THREAD_SERIALIZED: c_int = 2;
const MPI_SUCCESS: c_int = 0;

type Handle = *mut c_void;

/// The resolved functions and handles. The library stays loaded for the process's life
/// (kept in a static).
struct Api {
    _lib: Library,
    comm_world: Handle,
    byte: Handle,
    initialized: unsafe extern "C" fn(*mut c_int) -> c_int,
    init_thread:
        unsafe extern "C" fn(*mut c_int, *mut *mut *mut c_char, c_int, *mut c_int) -> c_int,
    finalized: unsafe extern "C" fn(*mut c_int) -> c_int,
    finalize: unsafe extern "C" fn() -> c_int,
    comm_rank: unsafe extern "C" fn(Handle, *mut c_int) -> c_int,
    comm_size: unsafe extern "C" fn(Handle, *mut c_int) -> c_int,
    allgather: unsafe extern "C" fn(
        *const c_void,
        c_int,
        Handle,
        *mut c_void,
        c_int,
        Handle,
        Handle,
    ) -> c_int,
    allgatherv: unsafe extern "C" fn(
        *const c_void,
        c_int,
        Handle,
        *mut c_void,
        *const c_int,
        *const c_int,
        Handle,
        Handle,
    ) -> c_int,
    abort: unsafe extern "C" fn(Handle, c_int) -> c_int,
}

// SAFETY: the handles are addresses of Open MPI's globals, valid for the process's life;
// the functions are called one at a time (the `Mpi` lock) as MPI_THREAD_SERIALIZED allows.
unsafe impl Send for Api {}
// SAFETY: as above.
unsafe impl Sync for Api {}

fn missing(what: &str, detail: impl std::fmt::Display) -> String {
    format!(
        "collectives across processes need Open MPI: {what} ({detail}); install openmpi-bin \
         and libopenmpi-dev (Open MPI 4) and start the processes with mpirun, see \
         docs/DISTRIBUTED.md"
    )
}

impl Api {
    fn load() -> Result<Api, String> {
        let mut names: Vec<String> = Vec::new();
        if let Ok(n) = std::env::var("PJRTC_MPI_LIBRARY") {
            names.push(n);
        }
        names.extend(LIBRARIES.iter().map(|s| s.to_string()));
        Api::load_from(&names)
    }

    /// The first of `names` that loads.
    fn load_from(names: &[String]) -> Result<Api, String> {
        let mut errors = Vec::new();
        let mut lib = None;
        for n in names {
            // SAFETY: loading Open MPI runs its initializers, which have no preconditions;
            // RTLD_GLOBAL because its components (loaded later by MPI_Init) resolve
            // symbols of libmpi globally.
            match unsafe { Library::open(Some(n), RTLD_NOW | RTLD_GLOBAL) } {
                Ok(l) => {
                    lib = Some(l);
                    break;
                }
                Err(e) => errors.push(e.to_string()),
            }
        }
        let lib = lib.ok_or_else(|| {
            missing(
                &format!("cannot load {}", names.join(" or ")),
                errors.join("; "),
            )
        })?;
        macro_rules! sym {
            ($name:literal) => {
                // SAFETY: the symbol is the Open MPI function of that name, whose C
                // signature is the field's type (Open MPI's mpi.h).
                *unsafe { lib.get(concat!($name, "\0").as_bytes()) }
                    .map_err(|e| missing(concat!("the symbol ", $name, " is missing"), e))?
            };
        }
        macro_rules! handle {
            ($name:literal) => {{
                // SAFETY: the address of Open MPI's global of that name (never read here,
                // only passed back to Open MPI as the handle).
                let s: libloading::os::unix::Symbol<*mut c_void> =
                    unsafe { lib.get(concat!($name, "\0").as_bytes()) }
                        .map_err(|e| missing(concat!("the symbol ", $name, " is missing"), e))?;
                *s
            }};
        }
        Ok(Api {
            comm_world: handle!("ompi_mpi_comm_world"),
            byte: handle!("ompi_mpi_byte"),
            initialized: sym!("MPI_Initialized"),
            init_thread: sym!("MPI_Init_thread"),
            finalized: sym!("MPI_Finalized"),
            finalize: sym!("MPI_Finalize"),
            comm_rank: sym!("MPI_Comm_rank"),
            comm_size: sym!("MPI_Comm_size"),
            allgather: sym!("MPI_Allgather"),
            allgatherv: sym!("MPI_Allgatherv"),
            abort: sym!("MPI_Abort"),
            _lib: lib,
        })
    }
}

/// Open MPI, initialized, as the transport of this process.
pub struct Mpi {
    api: Api,
    pub rank: usize,
    pub size: usize,
    /// MPI calls one at a time; held across a whole call spanning processes, so that the
    /// calls' exchanges do not interleave.
    pub lock: Mutex<()>,
}

static MPI: OnceLock<Result<Mpi, String>> = OnceLock::new();

/// Whether this process was started by Open MPI's `mpirun` (its environment says so).
pub fn under_mpirun() -> bool {
    std::env::var_os("OMPI_COMM_WORLD_SIZE").is_some()
}

extern "C" fn finalize_at_exit() {
    if let Some(Ok(m)) = MPI.get() {
        let mut done: c_int = 0;
        // SAFETY: resolved Open MPI functions with their C signatures; `done` is ours.
        unsafe {
            (m.api.finalized)(&mut done);
            if done == 0 {
                (m.api.finalize)();
            }
        }
    }
}

/// Open MPI, loaded and initialized once per process (the error, if any, is kept too).
pub fn get() -> Result<&'static Mpi, String> {
    MPI.get_or_init(|| {
        let api = Api::load()?;
        let mut flag: c_int = 0;
        // SAFETY: resolved Open MPI functions with their C signatures; out-pointers are
        // ours. NULL argc/argv are allowed by MPI_Init_thread.
        unsafe {
            (api.initialized)(&mut flag);
            if flag == 0 {
                let mut provided: c_int = 0;
                let rc = (api.init_thread)(
                    std::ptr::null_mut(),
                    std::ptr::null_mut(),
                    MPI_THREAD_SERIALIZED,
                    &mut provided,
                );
                if rc != MPI_SUCCESS {
                    return Err(format!("MPI_Init_thread failed (error {rc})"));
                }
                if provided < MPI_THREAD_SERIALIZED {
                    return Err(format!(
                        "Open MPI gives thread level {provided}; pjrtc needs \
                         MPI_THREAD_SERIALIZED ({MPI_THREAD_SERIALIZED})"
                    ));
                }
                // MPI_Finalize at exit: Open MPI's mpirun reports a process that exits
                // without it as failed.
                libc::atexit(finalize_at_exit);
            }
        }
        let (mut rank, mut size): (c_int, c_int) = (0, 0);
        // SAFETY: as above; MPI is initialized.
        unsafe {
            (api.comm_rank)(api.comm_world, &mut rank);
            (api.comm_size)(api.comm_world, &mut size);
        }
        Ok(Mpi {
            api,
            rank: rank.max(0) as usize,
            size: size.max(0) as usize,
            lock: Mutex::new(()),
        })
    })
    .as_ref()
    .map_err(Clone::clone)
}

impl Mpi {
    /// Ends every process of the job (after a failure that would leave peers waiting).
    pub fn abort(&self, code: i32) -> ! {
        // SAFETY: a resolved Open MPI function with its C signature.
        unsafe { (self.api.abort)(self.api.comm_world, code) };
        std::process::abort()
    }

    /// Checks that this process is MPI rank `node_id` of `num_nodes`.
    pub fn check(&self, node_id: usize, num_nodes: usize) -> Result<(), String> {
        check_rank(self.rank, self.size, node_id, num_nodes)
    }
}

/// The processes of jax.distributed must be the MPI ranks, in the same order.
fn check_rank(rank: usize, size: usize, node_id: usize, num_nodes: usize) -> Result<(), String> {
    if rank != node_id || size != num_nodes {
        return Err(format!(
            "this is process {node_id} of {num_nodes} for jax.distributed, but MPI rank \
             {rank} of {size}: start one process per rank with mpirun -n {num_nodes} and pass \
             process_id=int(os.environ[\"OMPI_COMM_WORLD_RANK\"]) (docs/DISTRIBUTED.md)"
        ));
    }
    Ok(())
}

impl Transport for Mpi {
    fn allgather(&self, mine: &[u8]) -> Result<Vec<Vec<u8>>, String> {
        let n = self.size;
        // A message too long for MPI's int counts is announced as -1, so that every
        // process fails at the same point instead of some waiting in MPI_Allgatherv.
        let len = i32::try_from(mine.len()).unwrap_or(-1);
        let mut lens = vec![0i32; n];
        // SAFETY: resolved Open MPI functions with their C signatures: one int sent, one
        // received per process into `lens` (n ints), as bytes.
        let rc = unsafe {
            (self.api.allgather)(
                (&len as *const i32).cast(),
                4,
                self.api.byte,
                lens.as_mut_ptr().cast(),
                4,
                self.api.byte,
                self.api.comm_world,
            )
        };
        if rc != MPI_SUCCESS {
            return Err(format!("MPI_Allgather failed (error {rc})"));
        }
        if let Some(p) = lens.iter().position(|&l| l < 0) {
            return Err(format!(
                "process {p}'s collective message is larger than 2 GiB (MPI's int counts)"
            ));
        }
        let mut displs = Vec::with_capacity(n);
        let mut total: i64 = 0;
        for &l in &lens {
            displs.push(i32::try_from(total).map_err(|_| {
                "the processes' collective messages total more than 2 GiB".to_string()
            })?);
            total += i64::from(l);
        }
        i32::try_from(total)
            .map_err(|_| "the processes' collective messages total more than 2 GiB".to_string())?;
        let mut all = vec![0u8; total as usize];
        // SAFETY: as above: `mine` holds `len` bytes; `all` has room for every process's
        // `lens[p]` bytes at `displs[p]`.
        let rc = unsafe {
            (self.api.allgatherv)(
                mine.as_ptr().cast(),
                len,
                self.api.byte,
                all.as_mut_ptr().cast(),
                lens.as_ptr(),
                displs.as_ptr(),
                self.api.byte,
                self.api.comm_world,
            )
        };
        if rc != MPI_SUCCESS {
            // The peers may have completed it and wait in the next exchange: end the job
            // rather than leave them waiting.
            eprintln!("pjrtc: MPI_Allgatherv failed (error {rc}); aborting the MPI job");
            self.abort(1);
        }
        Ok(lens
            .iter()
            .zip(&displs)
            .map(|(&l, &d)| all[d as usize..(d + l) as usize].to_vec())
            .collect())
    }

    fn process(&self) -> usize {
        self.rank
    }
}

#[cfg(test)]
mod tests {
    use super::{Api, check_rank};

    #[test]
    fn the_mpi_rank_must_be_the_process_index() {
        assert!(check_rank(1, 2, 1, 2).is_ok());
        let e = check_rank(0, 2, 1, 2).unwrap_err();
        assert!(
            e.contains("process 1 of 2") && e.contains("MPI rank 0 of 2"),
            "{e}"
        );
        let e = check_rank(0, 1, 0, 2).unwrap_err();
        assert!(
            e.contains("mpirun -n 2") && e.contains("OMPI_COMM_WORLD_RANK"),
            "{e}"
        );
    }

    fn load_error(names: &[&str]) -> String {
        let names: Vec<String> = names.iter().map(|s| s.to_string()).collect();
        match Api::load_from(&names) {
            Ok(_) => panic!("{names:?} loaded as Open MPI"),
            Err(e) => e,
        }
    }

    #[test]
    fn a_missing_library_is_a_clear_error() {
        let e = load_error(&["libpjrtc-no-such-mpi.so"]);
        assert!(
            e.contains("cannot load libpjrtc-no-such-mpi.so") && e.contains("docs/DISTRIBUTED.md"),
            "{e}"
        );
    }

    #[test]
    fn a_library_without_open_mpi_symbols_is_a_clear_error() {
        // The C library loads but is not Open MPI: the first handle is missing.
        let e = load_error(&["libc.so.6"]);
        assert!(
            e.contains("the symbol ompi_mpi_comm_world is missing")
                && e.contains("docs/DISTRIBUTED.md"),
            "{e}"
        );
    }
}
