/**
 * The phone needs the microphone. A denial is only logged (platform.md §8, decisions §8): the rep sees no toast.
 */
export async function checkMicrophone(): Promise<void> {
  if (!navigator.mediaDevices?.getUserMedia) return;
  try {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    for (const track of stream.getTracks()) track.stop();
  } catch (error) {
    console.warn('Telefone: acesso ao microfone negado.', error);
  }
}
