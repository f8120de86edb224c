import Swal from 'sweetalert2';
import { createFeedbackService } from './feedback-service';

describe('the feedback service (SPEC §8, one host owned by the shell)', () => {
  const feedback = createFeedbackService(async () => Swal);
  afterEach(() => {
    Swal.close();
    jest.useRealTimers();
  });

  it('when an alert has a timer, then it shows without a confirm button and closes itself after that time', async () => {
    jest.useFakeTimers();
    let closed = false;
    void feedback.alert({ title: 'Amazing! Perfect Score!', text: 'You earned 2 gems', icon: 'success', timer: 3000 }).then(() => (closed = true));
    await jest.advanceTimersByTimeAsync(50);
    expect(Swal.getTitle()?.textContent).toBe('Amazing! Perfect Score!');
    expect(Swal.getConfirmButton()).not.toBeVisible();
    await jest.advanceTimersByTimeAsync(2800);
    expect(closed).toBe(false);
    await jest.advanceTimersByTimeAsync(1000);
    expect(closed).toBe(true);
  });

  it('when a confirm is answered, then it resolves true for confirm and false for cancel', async () => {
    const yes = feedback.confirm({ title: 'Remove this part?', text: 'This action cannot be undone.' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(Swal.getHtmlContainer()?.textContent).toBe('This action cannot be undone.');
    Swal.clickConfirm();
    expect(await yes).toBe(true);
    const no = feedback.confirm({ title: 'Clear all fields?' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    Swal.clickCancel();
    expect(await no).toBe(false);
  });
});
