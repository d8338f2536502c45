# Sourced by device.sh and headroom.sh (with $root set): makes Vulkan usable on the device machine.
# The Vulkan loader may be missing there: with a .gl folder of .deb files in the repository root
# (see shared/docs/gpu.md) it is unpacked first; the NVIDIA ICD is chosen when present.
if [ -d "$root/.gl" ] && ! ldconfig -p | grep -q libvulkan.so.1; then
    for f in "$root"/.gl/*.deb; do dpkg -x "$f" /; done
    ldconfig
fi
nvidia_icd=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
if [ -f "$nvidia_icd" ] && [ -z "${VK_DRIVER_FILES:-}" ]; then
    export VK_DRIVER_FILES=$nvidia_icd
fi
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-$(mktemp -d)}
chmod 700 "$XDG_RUNTIME_DIR"
