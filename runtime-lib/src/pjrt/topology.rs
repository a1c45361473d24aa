//! PJRT_TopologyDescription: the machine a program is compiled for, which need not be this
//! one. One topology per target the compiler has: `host` (this machine with all its
//! features, what a client compiles for), `x86_64-unknown-linux-gnu` (the x86-64-v3 level)
//! and `aarch64-unknown-linux-gnu`. `PJRT_Compile` compiles for a topology without a
//! client (JAX: `jax.experimental.topologies.get_topology_desc(name, "pjrtc")`), and the
//! executable's `Serialize` gives the `.pjx` that `pjx-run` runs on that target.

use std::ffi::{c_char, c_void};

use super::client::{PLATFORM_NAME, PLATFORM_VERSION};
use super::device::DeviceDescription;
use super::error::{PjrtError, Result, bytes, entry, handle};
use super::ffi::*;

/// The topology names, and the compiler target each stands for (`None`: the host).
pub const TOPOLOGIES: &[(&str, Option<&str>)] = &[
    ("host", None),
    ("x86_64-unknown-linux-gnu", Some("x86_64-unknown-linux-gnu")),
    (
        "aarch64-unknown-linux-gnu",
        Some("aarch64-unknown-linux-gnu"),
    ),
];

/// Prefix of a serialized topology (`PJRT_TopologyDescription_Serialize`).
const SERIAL_MAGIC: &str = "pjrtc-topology/1";

pub struct Topology {
    name: String,
    /// The compiler target (a triple), `None` for the host.
    target: Option<String>,
    platform_version: String,
    #[allow(clippy::vec_box)]
    descriptions: Vec<Box<DeviceDescription>>,
    description_ptrs: Vec<*mut PJRT_DeviceDescription>,
    /// `target` (the topology name); points into `name`, which never changes.
    attributes: [PJRT_NamedValue; 1],
}

// SAFETY: immutable after construction; the raw pointers point into the topology's own
// boxed descriptions and its name, which live as long as it does.
unsafe impl Send for Topology {}
// SAFETY: as above.
unsafe impl Sync for Topology {}

impl Topology {
    /// The topology called `name` (`""` is the host) with `num_devices` CPU devices.
    pub fn new(name: &str, num_devices: usize) -> Result<Box<Topology>> {
        let name = if name.is_empty() { "host" } else { name };
        let &(name, target) = TOPOLOGIES.iter().find(|(n, _)| *n == name).ok_or_else(|| {
            let known: Vec<&str> = TOPOLOGIES.iter().map(|(n, _)| *n).collect();
            PjrtError::invalid(format!(
                "unknown pjrtc topology {name:?} (known: {})",
                known.join(", ")
            ))
        })?;
        if !(1..=super::client::MAX_DEVICES).contains(&num_devices) {
            return Err(PjrtError::invalid(format!(
                "topology {name}: num_devices = {num_devices} is not in 1..={}",
                super::client::MAX_DEVICES
            )));
        }
        // A non-host topology reports its own version: JAX then compiles for it through
        // PJRT_Compile instead of handing the program to the live (host) client.
        let platform_version = match target {
            None => PLATFORM_VERSION.to_string(),
            Some(t) => format!("{PLATFORM_VERSION} ({t})"),
        };
        let mut descriptions: Vec<Box<DeviceDescription>> = (0..num_devices as i32)
            .map(|id| Box::new(DeviceDescription::cpu(id)))
            .collect();
        let description_ptrs = descriptions
            .iter_mut()
            .map(|d| &mut **d as *mut DeviceDescription)
            .collect();
        let name = name.to_string();
        let attributes = [PJRT_NamedValue {
            struct_size: PJRT_NamedValue::STRUCT_SIZE,
            extension_start: std::ptr::null_mut(),
            name: c"target".as_ptr(),
            name_size: "target".len(),
            type_: PJRT_NamedValue_kString,
            value: PJRT_NamedValue_Value {
                string_value: name.as_ptr().cast(),
            },
            value_size: name.len(),
        }];
        Ok(Box::new(Topology {
            name,
            target: target.map(String::from),
            platform_version,
            descriptions,
            description_ptrs,
            attributes,
        }))
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    /// The compiler target, `None` for the host.
    pub fn target(&self) -> Option<&str> {
        self.target.as_deref()
    }

    pub fn num_devices(&self) -> usize {
        self.descriptions.len()
    }

    /// Whether executables compiled for this topology run in this process.
    pub fn runs_here(&self) -> bool {
        self.target.is_none()
    }

    pub fn serialize(&self) -> String {
        format!("{SERIAL_MAGIC} {} {}", self.name, self.num_devices())
    }

    pub fn deserialize(bytes: &[u8]) -> Result<Box<Topology>> {
        let bad = || {
            PjrtError::invalid(format!(
                "not a serialized pjrtc topology: {:?}",
                String::from_utf8_lossy(&bytes[..bytes.len().min(64)])
            ))
        };
        let text = std::str::from_utf8(bytes).map_err(|_| bad())?;
        let mut parts = text.split(' ');
        if parts.next() != Some(SERIAL_MAGIC) {
            return Err(bad());
        }
        let name = parts.next().ok_or_else(bad)?;
        let n: usize = parts.next().and_then(|n| n.parse().ok()).ok_or_else(bad)?;
        if parts.next().is_some() {
            return Err(bad());
        }
        Topology::new(name, n)
    }
}

pub(crate) fn topology<'a>(ptr: *const PJRT_TopologyDescription) -> Result<&'a Topology> {
    // SAFETY: the framework passes topologies this plugin created and has not destroyed.
    unsafe { handle(ptr as *mut Topology, "topology") }
}

/// The `num_devices` create option (int64), default 1.
fn num_devices_option(options: &[PJRT_NamedValue]) -> Result<usize> {
    for o in options {
        // SAFETY: option names are the caller's `(ptr, len)` strings.
        let name = unsafe { bytes(o.name, o.name_size, "option name")? };
        if name == b"num_devices" {
            if o.type_ != PJRT_NamedValue_kInt64 {
                return Err(PjrtError::invalid(
                    "topology option num_devices must be an int64",
                ));
            }
            // SAFETY: the type tag says the union holds an int64.
            let v = unsafe { o.value.int64_value };
            return usize::try_from(v).map_err(|_| {
                PjrtError::invalid(format!("topology option num_devices = {v} is negative"))
            });
        }
    }
    Ok(1)
}

entry!(
    fn topology_create(a: &mut PJRT_TopologyDescription_Create_Args) {
        // SAFETY: the caller's `(ptr, len)` name string.
        let name = unsafe { bytes(a.topology_name, a.topology_name_size, "topology_name")? };
        let name = std::str::from_utf8(name)
            .map_err(|_| PjrtError::invalid("topology name is not UTF-8"))?;
        // SAFETY: the caller's array of `num_options` named values.
        let options =
            unsafe { super::error::slice(a.create_options, a.num_options, "create_options")? };
        a.topology = Box::into_raw(Topology::new(name, num_devices_option(options)?)?);
        Ok(())
    }
);

entry!(
    fn topology_destroy(a: &mut PJRT_TopologyDescription_Destroy_Args) {
        if !a.topology.is_null() {
            // SAFETY: made by `topology_create`/`topology_deserialize` (a Box) and given up
            // here; a client's own topology is never handed to Destroy (API contract).
            drop(unsafe { Box::from_raw(a.topology) });
        }
        Ok(())
    }
);

entry!(
    fn topology_platform_name(a: &mut PJRT_TopologyDescription_String_Args) {
        topology(a.topology)?;
        a.value = PLATFORM_NAME.as_ptr().cast();
        a.value_size = PLATFORM_NAME.len();
        Ok(())
    }
);

entry!(
    fn topology_platform_version(a: &mut PJRT_TopologyDescription_String_Args) {
        let t = topology(a.topology)?;
        a.value = t.platform_version.as_ptr().cast();
        a.value_size = t.platform_version.len();
        Ok(())
    }
);

entry!(
    fn topology_get_device_descriptions(
        a: &mut PJRT_TopologyDescription_GetDeviceDescriptions_Args,
    ) {
        let t = topology(a.topology)?;
        a.descriptions = t.description_ptrs.as_ptr();
        a.num_descriptions = t.description_ptrs.len();
        Ok(())
    }
);

entry!(
    fn topology_attributes(a: &mut PJRT_TopologyDescription_Attributes_Args) {
        let t = topology(a.topology)?;
        a.attributes = t.attributes.as_ptr();
        a.num_attributes = t.attributes.len();
        Ok(())
    }
);

unsafe extern "C" fn free_serialized(p: *mut PJRT_SerializedBytes) {
    if !p.is_null() {
        // SAFETY: made by `topology_serialize` from a `Box<String>`.
        drop(unsafe { Box::from_raw(p.cast::<String>()) });
    }
}

entry!(
    fn topology_serialize(a: &mut PJRT_TopologyDescription_Serialize_Args) {
        let bytes = Box::new(topology(a.topology)?.serialize());
        a.serialized_bytes = bytes.as_ptr() as *const c_char;
        a.serialized_bytes_size = bytes.len();
        a.serialized_topology = Box::into_raw(bytes).cast::<c_void>();
        a.serialized_topology_deleter = Some(free_serialized);
        Ok(())
    }
);

entry!(
    fn topology_deserialize(a: &mut PJRT_TopologyDescription_Deserialize_Args) {
        // SAFETY: the caller's serialized bytes for this call.
        let b = unsafe {
            bytes(
                a.serialized_topology,
                a.serialized_topology_size,
                "serialized_topology",
            )?
        };
        a.topology = Box::into_raw(Topology::deserialize(b)?);
        Ok(())
    }
);

entry!(
    /// The client's own topology: the host with the client's devices, owned by the client.
    fn client_topology_description(a: &mut PJRT_Client_TopologyDescription_Args) {
        let c = super::client::client(a.client)?;
        a.topology = c.topology() as *const Topology as *mut Topology;
        Ok(())
    }
);

entry!(
    /// A hash of the serialized topology: equal for equal topologies (also across
    /// processes), different for different targets or device counts.
    fn topology_fingerprint(a: &mut PJRT_TopologyDescription_Fingerprint_Args) {
        a.fingerprint = super::fingerprint64(topology(a.topology)?.serialize().as_bytes());
        Ok(())
    }
);

unsafe extern "C" fn free_shape(p: *const c_char) {
    // SAFETY: made by `libc::malloc` in `topology_make_canonical_shape_for_memory_space`
    // (or NULL); the caller frees it once.
    unsafe { libc::free(p as *mut c_void) };
}

entry!(
    /// The shape as the memory kind holds it, a serialized xla.ShapeProto: pjrtc's one
    /// kind (id 0, `"device"`, host RAM) holds every array dense row-major, so the given
    /// type and dimensions with that layout (a layout given must be that one).
    fn topology_make_canonical_shape_for_memory_space(
        a: &mut PJRT_TopologyDescription_MakeCanonicalShapeForMemorySpace_Args,
    ) {
        topology(a.topology)?;
        if a.memory_space_kind_id != MEMORY_SPACE_KIND_IDS[0] {
            return Err(PjrtError::invalid(format!(
                "memory space kind id {} is not one of this topology's (0: \"device\")",
                a.memory_space_kind_id
            )));
        }
        // SAFETY: the caller's array of `num_dims` dims.
        let dims = unsafe { super::error::slice(a.dims, a.num_dims, "dims")? };
        let (dtype, shape) = super::buffer::dense_shape(dims, a.element_type, a.layout)?;
        let code = dtype.xla_primitive_type().ok_or_else(|| {
            PjrtError::unimplemented(format!("{dtype} has no XLA primitive type"))
        })?;
        let proto = super::options::shape_proto(code, &shape);
        // SAFETY: a fresh allocation of at least one byte, checked below.
        let out = unsafe { libc::malloc(proto.len().max(1)) }.cast::<u8>();
        if out.is_null() {
            return Err(PjrtError::new(
                PJRT_Error_Code_RESOURCE_EXHAUSTED,
                "cannot allocate the serialized shape",
            ));
        }
        // SAFETY: `out` holds at least `proto.len()` bytes and is not `proto`'s memory.
        unsafe { std::ptr::copy_nonoverlapping(proto.as_ptr(), out, proto.len()) };
        a.serialized_shape = out.cast::<c_char>();
        a.serialized_shape_size = proto.len();
        a.serialized_shape_deleter = Some(free_shape);
        Ok(())
    }
);

/// The memory kinds of every pjrtc device: one, `"device"` (host RAM), id 0.
static MEMORY_SPACE_KIND_IDS: [std::ffi::c_int; 1] = [0];

entry!(
    fn topology_get_memory_space_kind_ids(
        a: &mut PJRT_TopologyDescription_GetMemorySpaceKindIds_Args,
    ) {
        topology(a.topology)?;
        a.memory_space_kind_ids = MEMORY_SPACE_KIND_IDS.as_ptr();
        a.num_memory_space_kind_ids = MEMORY_SPACE_KIND_IDS.len();
        Ok(())
    }
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_topology_round_trips_through_its_serialization() {
        for &(name, target) in TOPOLOGIES {
            let t = Topology::new(name, 3).unwrap();
            assert_eq!(t.target(), target);
            let back = Topology::deserialize(t.serialize().as_bytes()).unwrap();
            assert_eq!((back.name(), back.num_devices()), (name, 3));
        }
        assert_eq!(Topology::new("", 1).unwrap().name(), "host");
    }

    #[test]
    fn unknown_names_and_bad_bytes_are_refused_with_the_reason() {
        let e = Topology::new("riscv64gc-unknown-linux-gnu", 1)
            .err()
            .unwrap();
        assert!(
            e.message.contains("unknown pjrtc topology"),
            "{}",
            e.message
        );
        assert!(
            e.message.contains("aarch64-unknown-linux-gnu"),
            "{}",
            e.message
        );
        assert!(Topology::new("host", 0).is_err());
        for bad in [
            &b""[..],
            b"pjrtc-topology/1 host",
            b"pjrtc-topology/1 host x",
            b"\xff",
        ] {
            assert!(Topology::deserialize(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn only_the_host_topology_runs_here_and_others_report_their_target() {
        assert!(Topology::new("host", 1).unwrap().runs_here());
        let a = Topology::new("aarch64-unknown-linux-gnu", 1).unwrap();
        assert!(!a.runs_here());
        assert!(a.platform_version.ends_with("(aarch64-unknown-linux-gnu)"));
    }
}
